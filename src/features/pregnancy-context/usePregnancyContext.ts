import { useCallback, useEffect, useMemo } from "react";
import { skipToken, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useNavigate, useRouteContext, useSearch } from "@tanstack/react-router";
import type { UserMode } from "../../domain/enums";
import { GUEST_DEFAULT_PERMISSIONS, isParentRole, PARENT_DEFAULT_PERMISSIONS } from "../../domain/permissions";
import type { PregnancyScope } from "../../lib/screenReads";
import { useTRPC, type AppTRPC, type RouterInputs, type RouterOutputs } from "../../lib/trpc";
import { selectGuestPregnancy, type StoredGuestChoice } from "../../domain/pregnancySelection";
import { isUuid } from "../../domain/messaging";
import { dropGuestChoice, rememberGuestChoice, useGuestChoice } from "./guestChoiceStore";
import { useAppMode } from "./useAppMode";

type MyPregnancies = RouterOutputs["pregnancy"]["mine"];
export type PregnancySummary = MyPregnancies["guestPregnancies"][number];
export type PregnancyAccess = RouterOutputs["pregnancy"]["access"];
export type PregnancyMineInput = Exclude<RouterInputs["pregnancy"]["mine"], void | undefined>;

export interface PregnancyContextValue {
  mode: UserMode;
  /** The pregnancy the user is working in: their own in parent mode, the selected one in guest mode. */
  pregnancyId: string | null;
  pregnancy: PregnancySummary | null;
  /** Role, permissions and subscription from `pregnancy.access`; the role's defaults if that call failed. */
  access: PregnancyAccess | null;
  /** 'role-defaults' when `pregnancy.access` failed and the spec's fallback is in use. */
  accessSource: "server" | "role-defaults" | null;
  /** Mode, pregnancies or access still loading. */
  isLoading: boolean;
  /** `pregnancy.mine` has not answered yet. */
  isPregnanciesLoading: boolean;
  /** `pregnancy.mine` failed. */
  isError: boolean;
  /** An active owner or partner participation (decides the parent-only guard). */
  hasParentRole: boolean;
  parentPregnancy: PregnancySummary | null;
  parentPregnancyCount: number;
  guestPregnancies: PregnancySummary[];
  selectedGuestPregnancyId: string | null;
  /** Guest mode: view another guest pregnancy (stored for 14 days and put in `?preg`). */
  selectGuestPregnancy: (pregnancyId: string) => void;
  /** Search params that keep the guest's pregnancy on links (`{ preg }` in guest mode, else `{}`). */
  pregnancySearch: { preg?: string };
}

/** What `pregnancy.mine` is asked with: `?preg` from the address and the stored guest choice. */
export function pregnancyMineInput(preg: string | undefined, storedChoice: StoredGuestChoice | undefined): PregnancyMineInput {
  return { ...(preg ? { preg } : {}), ...(storedChoice ? { storedChoice } : {}) };
}

/** `?preg` when it is a pregnancy id; the router passes an unvalidated one through to child routes' search. */
export const validPreg = (search: { preg?: unknown }): string | undefined => (isUuid(search.preg) ? search.preg : undefined);

export function usePregnancyMineInput(): PregnancyMineInput {
  const { session } = useRouteContext({ from: "/_authenticated" });
  const preg = useSearch({ strict: false, select: validPreg });
  const storedChoice = useGuestChoice(session.user.id);
  return useMemo(() => pregnancyMineInput(preg, storedChoice), [preg, storedChoice]);
}

/**
 * `pregnancy.mine` for this input. The list does not depend on the input, only the selection does,
 * by the rule the server applies (selectGuestPregnancy, core spec 4). So asked with another `?preg`
 * or stored choice (a guest's first move inside the app puts `?preg` on the address), the query
 * starts from the latest answer with the selection made again, as fresh as that answer: no round
 * trip, and the screen does not wait; once that answer is stale it is asked again as usual.
 */
export function pregnancyMineOptions(trpc: AppTRPC, queryClient: QueryClient, input: PregnancyMineInput) {
  const latestAnswer = () =>
    queryClient
      .getQueryCache()
      .findAll(trpc.pregnancy.mine.pathFilter())
      .filter((query) => query.state.data !== undefined)
      .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)[0];
  return trpc.pregnancy.mine.queryOptions(input, {
    initialData: () => {
      const latest = latestAnswer();
      const answer = latest && queryClient.getQueryData<MyPregnancies>(latest.queryKey);
      if (!answer) return undefined;
      const selection = selectGuestPregnancy(answer.guestPregnancies, input.preg, input.storedChoice, Date.now());
      return { ...answer, selectedGuestPregnancyId: selection.selectedId, dropStoredChoice: selection.dropStoredChoice };
    },
    initialDataUpdatedAt: () => latestAnswer()?.state.dataUpdatedAt,
  });
}

/** The pregnancy a mode works in: the user's own in parent mode, the selected guest pregnancy in guest mode. */
export function pregnancyInMode(mine: MyPregnancies | undefined, mode: UserMode): PregnancySummary | null {
  if (!mine) return null;
  if (mode === "parent") return mine.parentPregnancy ?? null;
  return mine.guestPregnancies.find((p) => p.id === mine.selectedGuestPregnancyId) ?? null;
}

/** `pregnancy.access` as the shell asks for it (a route loader asks the same). */
export function pregnancyAccessOptions(trpc: AppTRPC, scope: PregnancyScope | typeof skipToken) {
  // The role-defaults fallback covers a refusal; no toast for it.
  return trpc.pregnancy.access.queryOptions(scope, { meta: { isolationToast: false } });
}

/** The spec's fallback when permissions cannot be fetched: the role's defaults (core spec 6 and 8). */
export function roleDefaultAccess(pregnancy: PregnancySummary): PregnancyAccess {
  const parent = isParentRole(pregnancy.role);
  return {
    role: pregnancy.role,
    isParent: parent,
    displayTitle: pregnancy.displayTitle,
    privacyLevel: null,
    permissions: { ...(parent ? PARENT_DEFAULT_PERMISSIONS : GUEST_DEFAULT_PERMISSIONS) },
    subscription: { subscribed: false, tier: null },
  };
}

/**
 * The user's mode with the pregnancy it applies to (core spec 4): parent mode uses the user's own
 * active pregnancy; guest mode the one chosen by `?preg`, the stored choice (14 days) or the
 * soonest due date, as `pregnancy.mine` decides. Pregnancy-scoped calls should send `mode`.
 */
export function usePregnancyContext(): PregnancyContextValue {
  const { session } = useRouteContext({ from: "/_authenticated" });
  const userId = session.user.id;
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { mode, isLoading: modeLoading } = useAppMode();
  const input = usePregnancyMineInput();
  const queryClient = useQueryClient();
  const mine = useQuery(pregnancyMineOptions(trpc, queryClient, input));

  const dropStoredChoice = mine.data?.dropStoredChoice ?? false;
  useEffect(() => {
    if (dropStoredChoice) dropGuestChoice(userId);
  }, [dropStoredChoice, userId]);

  const parentPregnancy = mine.data?.parentPregnancy ?? null;
  const guestPregnancies = useMemo(() => mine.data?.guestPregnancies ?? [], [mine.data]);
  const selectedGuestPregnancyId = mine.data?.selectedGuestPregnancyId ?? null;
  const pregnancy = modeLoading ? null : pregnancyInMode(mine.data, mode);
  const pregnancyId = pregnancy?.id ?? null;

  const accessQuery = useQuery(pregnancyAccessOptions(trpc, pregnancyId ? { pregnancyId, mode } : skipToken));
  const accessFailed = pregnancy !== null && accessQuery.isError;
  const access = pregnancy === null ? null : accessFailed ? roleDefaultAccess(pregnancy) : (accessQuery.data ?? null);

  const selectGuestPregnancy = useCallback(
    (id: string) => {
      rememberGuestChoice(userId, id);
      void navigate({ to: ".", search: (previous: Record<string, unknown>) => ({ ...previous, preg: id }) });
    },
    [userId, navigate],
  );

  const guestSearchId = mode === "guest" && !modeLoading ? selectedGuestPregnancyId : null;
  const pregnancySearch = useMemo(() => (guestSearchId ? { preg: guestSearchId } : {}), [guestSearchId]);

  return {
    mode,
    pregnancyId,
    pregnancy,
    access,
    accessSource: pregnancy === null ? null : accessFailed ? "role-defaults" : accessQuery.data ? "server" : null,
    isLoading: modeLoading || mine.isPending || (pregnancy !== null && accessQuery.isPending),
    isPregnanciesLoading: mine.isPending,
    isError: mine.isError,
    hasParentRole: parentPregnancy !== null,
    parentPregnancy,
    parentPregnancyCount: mine.data?.parentPregnancyCount ?? 0,
    guestPregnancies,
    selectedGuestPregnancyId,
    selectGuestPregnancy,
    pregnancySearch,
  };
}
