import { QueryClient } from "@tanstack/react-query";
import { createTRPCClient, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import { describe, expect, it } from "vitest";
import { settledMode } from "../../src/features/pregnancy-context/modeStore";
import { pregnancyInMode, pregnancyMineInput, pregnancyMineOptions, type PregnancySummary } from "../../src/features/pregnancy-context/usePregnancyContext";
import { createAppTRPC, type AppRouter, type RouterOutputs } from "../../src/lib/trpc";
import { GUEST_CHOICE_MEMORY_MS } from "../../src/domain/pregnancySelection";

/**
 * What a route loader decides before the screen renders (the mode, the pregnancy, the input of
 * `pregnancy.mine`) must be what the shell's hooks decide, or the screen asks again.
 */
describe("the mode once the capability check has answered", () => {
  it("starts a page load from the capability: parent mode with it, guest mode without", () => {
    expect(settledMode(undefined, true)).toBe("parent");
    expect(settledMode(undefined, false)).toBe("guest");
  });

  it("keeps a mode decided with the same capability, and decides again when the capability changed", () => {
    expect(settledMode({ mode: "guest", capability: true }, true)).toBe("guest");
    expect(settledMode({ mode: "parent", capability: true }, true)).toBe("parent");
    expect(settledMode({ mode: "guest", capability: false }, true)).toBe("parent");
    expect(settledMode({ mode: "parent", capability: true }, false)).toBe("guest");
  });
});

const pregnancy = (id: string, role: PregnancySummary["role"], dueDate: string) => ({ id, role, dueDate }) as PregnancySummary;
const OWN = "00000000-0000-4000-8000-000000000001";
const SOONER = "00000000-0000-4000-8000-000000000002";
const LATER = "00000000-0000-4000-8000-000000000003";
const answer: RouterOutputs["pregnancy"]["mine"] = {
  parentPregnancy: pregnancy(OWN, "owner", "2030-05-01"),
  parentPregnancyCount: 1,
  guestPregnancies: [pregnancy(SOONER, "guest", "2030-01-01"), pregnancy(LATER, "guest", "2030-03-01")],
  selectedGuestPregnancyId: SOONER,
  dropStoredChoice: false,
};

describe("the pregnancy a mode works in", () => {
  it("is the user's own in parent mode and the selected guest pregnancy in guest mode", () => {
    expect(pregnancyInMode(answer, "parent")?.id).toBe(OWN);
    expect(pregnancyInMode(answer, "guest")?.id).toBe(SOONER);
    expect(pregnancyInMode({ ...answer, parentPregnancy: null }, "parent")).toBeNull();
    expect(pregnancyInMode(undefined, "guest")).toBeNull();
  });

  it("sends only what there is: the address's pregnancy and the stored choice", () => {
    expect(pregnancyMineInput(undefined, undefined)).toEqual({});
    expect(pregnancyMineInput(LATER, { id: SOONER, ts: 5 })).toEqual({ preg: LATER, storedChoice: { id: SOONER, ts: 5 } });
  });
});

describe("pregnancy.mine asked with another ?preg or stored choice", () => {
  /** A client whose every call is counted and never answered. */
  function setup() {
    const calls: string[] = [];
    const countingLink: TRPCLink<AppRouter> =
      () =>
      ({ op }) =>
        observable(() => {
          calls.push(op.path);
        });
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    const trpc = createAppTRPC(createTRPCClient<AppRouter>({ links: [countingLink] }), queryClient);
    return { calls, queryClient, trpc };
  }

  it("starts from the latest answer with the selection made again by the server's rule, without a request", async () => {
    const { calls, queryClient, trpc } = setup();
    queryClient.setQueryData(trpc.pregnancy.mine.queryKey({}), answer);
    const moved = await queryClient.ensureQueryData(pregnancyMineOptions(trpc, queryClient, { preg: LATER }));
    expect(moved.selectedGuestPregnancyId).toBe(LATER);
    expect(moved.guestPregnancies).toEqual(answer.guestPregnancies);
    const expired = await queryClient.ensureQueryData(pregnancyMineOptions(trpc, queryClient, { storedChoice: { id: LATER, ts: Date.now() - GUEST_CHOICE_MEMORY_MS - 1 } }));
    expect(expired).toMatchObject({ selectedGuestPregnancyId: SOONER, dropStoredChoice: true });
    expect(calls).toEqual([]);
  });

  it("is as fresh as that answer, so a stale one is asked again", () => {
    const { queryClient, trpc } = setup();
    queryClient.setQueryData(trpc.pregnancy.mine.queryKey({}), answer, { updatedAt: Date.now() - 120_000 });
    const options = pregnancyMineOptions(trpc, queryClient, { preg: LATER });
    void queryClient.prefetchQuery(options);
    expect(queryClient.getQueryState(options.queryKey)?.fetchStatus).toBe("fetching");
  });

  it("asks the server when nothing was answered yet", () => {
    const { calls, queryClient, trpc } = setup();
    void queryClient.prefetchQuery(pregnancyMineOptions(trpc, queryClient, { preg: LATER }));
    expect(calls).toEqual(["pregnancy.mine"]);
  });
});
