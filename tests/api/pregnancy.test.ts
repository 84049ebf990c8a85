import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PREGNANCY_TITLE, DEMO_DAYS_UNTIL_DUE } from "../../scripts/demo-family";
import { addDays, dueDateFromLmp, todayIso } from "../../src/domain/dates";
import { signedInAs } from "../support/env";
import { createOtherFamily } from "../support/families";

let demoPregnancyId: string;

beforeAll(async () => {
  const olivia = await signedInAs("olivia");
  const mine = await olivia.trpc.pregnancy.mine.query();
  if (!mine.parentPregnancy) throw new Error("The demo owner has no pregnancy");
  demoPregnancyId = mine.parentPregnancy.id;
});

describe("pregnancy.mine", () => {
  it("gives the owner the seeded pregnancy with consistent dates and two babies", async () => {
    const olivia = await signedInAs("olivia");
    const mine = await olivia.trpc.pregnancy.mine.query();
    expect(mine.parentPregnancy).toMatchObject({ title: DEMO_PREGNANCY_TITLE, role: "owner", displayTitle: "Mom" });
    expect(mine.parentPregnancy?.dueDate).toBe(addDays(todayIso(), DEMO_DAYS_UNTIL_DUE));
    expect(dueDateFromLmp(mine.parentPregnancy!.lastMenstrualPeriod!)).toBe(mine.parentPregnancy?.dueDate);
    expect(mine.parentPregnancy?.babies.map((b) => b.birthOrder)).toEqual([1, 2]);
    expect(mine.guestPregnancies).toEqual([]);
  });

  it("gives the partner the same pregnancy", async () => {
    const noah = await signedInAs("noah");
    expect((await noah.trpc.pregnancy.mine.query()).parentPregnancy).toMatchObject({ id: demoPregnancyId, role: "partner" });
  });

  it("gives a guest the pregnancy as a guest pregnancy and selects it", async () => {
    const grandma = await signedInAs("grandma");
    const mine = await grandma.trpc.pregnancy.mine.query();
    expect(mine.parentPregnancy).toBeNull();
    expect(mine.guestPregnancies.map((p) => p.id)).toEqual([demoPregnancyId]);
    expect(mine.selectedGuestPregnancyId).toBe(demoPregnancyId);
  });

  it("drops a stored guest choice that is not one of the guest's pregnancies", async () => {
    const maya = await signedInAs("maya");
    const { pregnancyId } = await createOtherFamily();
    const mine = await maya.trpc.pregnancy.mine.query({ storedChoice: { id: pregnancyId, ts: Date.now() } });
    expect(mine.selectedGuestPregnancyId).toBe(demoPregnancyId);
    expect(mine.dropStoredChoice).toBe(true);
  });
});

describe("pregnancy.participants (guarded by canViewContacts)", () => {
  it("lists the family for a parent", async () => {
    const olivia = await signedInAs("olivia");
    const participants = await olivia.trpc.pregnancy.participants.query({ pregnancyId: demoPregnancyId });
    expect(participants.map((p) => p.email).sort()).toEqual(
      ["aunt.maya@example.com", "grandma@example.com", "noah@example.com", "olivia@example.com", "sam.friend@example.com"].sort(),
    );
  });

  it("refuses a guest without the flag", async () => {
    const grandma = await signedInAs("grandma");
    await expect(grandma.trpc.pregnancy.participants.query({ pregnancyId: demoPregnancyId })).rejects.toMatchObject({
      data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" },
    });
  });

  it("refuses a guest of the demo pregnancy reading another pregnancy", async () => {
    const { pregnancyId } = await createOtherFamily();
    const grandma = await signedInAs("grandma");
    await expect(grandma.trpc.pregnancy.participants.query({ pregnancyId })).rejects.toMatchObject({ data: { appCode: "ACCESS_DENIED" } });
  });

  it("refuses the owner of another pregnancy reading the demo pregnancy", async () => {
    const { owner, pregnancyId } = await createOtherFamily();
    expect(await owner.trpc.pregnancy.participants.query({ pregnancyId })).toHaveLength(1);
    await expect(owner.trpc.pregnancy.participants.query({ pregnancyId: demoPregnancyId })).rejects.toMatchObject({ data: { appCode: "ACCESS_DENIED" } });
  });

  it("refuses a guest claiming parent mode", async () => {
    const maya = await signedInAs("maya");
    await expect(maya.trpc.pregnancy.participants.query({ pregnancyId: demoPregnancyId, mode: "parent" })).rejects.toMatchObject({
      data: { appCode: "MODE_MISMATCH" },
    });
  });

  it("refuses a malformed pregnancy id", async () => {
    const olivia = await signedInAs("olivia");
    await expect(olivia.trpc.pregnancy.participants.query({ pregnancyId: "not-a-uuid" })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });
  });
});
