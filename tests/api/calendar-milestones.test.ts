import { beforeAll, describe, expect, it } from "vitest";
import { addDays, lmpFromDueDate, todayIso } from "../../src/domain/dates";
import { PERMISSION_FLAGS } from "../../src/domain/enums";
import { SUGGESTED_MILESTONES, milestoneByKey, milestoneDate, milestoneWeek, type MilestoneKey } from "../../src/domain/milestones";
import { pregnancyParticipants } from "../../worker/db/schema";
import type { ApiClient } from "../support/client";
import { openTestDb } from "../support/env";
import { createOtherFamily, signUp } from "../support/families";
import { createMatrixFamily, type MatrixFamily } from "../support/matrix-family";

let family: MatrixFamily;
const scope = () => ({ pregnancyId: family.pregnancyId });

beforeAll(async () => {
  family = await createMatrixFamily();
});

/** The pregnancy's events that came from suggested milestones, by key. */
async function milestoneEvents(client: ApiClient, pregnancyId: string) {
  const events = await client.trpc.calendar.list.query({ pregnancyId, includeArchived: true });
  return events.filter((e) => e.milestoneKey !== null);
}

/** Where a milestone belongs in a pregnancy due on `dueDate`. */
const placed = (key: MilestoneKey, dueDate: string) => {
  const milestone = milestoneByKey(key);
  return { date: milestoneDate(milestone, lmpFromDueDate(dueDate)), weekNumber: milestoneWeek(milestone) };
};

/** A guest of the matrix pregnancy with only the given flags on. */
async function guestWith(flags: readonly string[]): Promise<ApiClient> {
  const guest = await signUp("msguest");
  const { db, close } = openTestDb();
  try {
    await db.insert(pregnancyParticipants).values({
      pregnancyId: family.pregnancyId,
      userId: guest.userId,
      role: "guest",
      status: "active",
      privacyLevel: "immediate-family",
      permissions: Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, flags.includes(flag)])),
    });
  } finally {
    await close();
  }
  return guest.client;
}

describe("suggested milestones", () => {
  it("lists every standard milestone dated from the due date, none added yet", async () => {
    const { dueDate } = await family.owner.trpc.pregnancy.details.query(scope());
    const suggestions = await family.owner.trpc.calendar.milestones.suggestions.query(scope());
    expect(suggestions.map((s) => s.key)).toEqual(SUGGESTED_MILESTONES.map((m) => m.key));
    for (const suggestion of suggestions) {
      expect(suggestion, suggestion.key).toMatchObject({ ...placed(suggestion.key, dueDate), added: false });
    }
    expect(suggestions.find((s) => s.key === "due-date")?.date).toBe(dueDate);
  });

  it("adds the chosen ones as auto-dated events with their week, notes, privacy and creator", async () => {
    const { dueDate } = await family.owner.trpc.pregnancy.details.query(scope());
    const ownerId = (await family.owner.trpc.account.me.query())!.id;
    const created = await family.owner.trpc.calendar.milestones.add.mutate({ ...scope(), keys: ["anatomy-scan", "baby-shower"] });
    expect(created.map((e) => e.milestoneKey).sort()).toEqual(["anatomy-scan", "baby-shower"]);
    for (const event of created) {
      const milestone = milestoneByKey(event.milestoneKey as MilestoneKey);
      expect(event).toMatchObject({
        ...placed(milestone.key as MilestoneKey, dueDate),
        pregnancyId: family.pregnancyId,
        title: milestone.title,
        notes: milestone.note,
        category: milestone.category,
        privacyLevel: milestone.privacyLevel,
        autoDate: true,
        time: null,
        createdBy: ownerId,
      });
    }
    expect((await milestoneEvents(family.partner, family.pregnancyId)).map((e) => e.id).sort()).toEqual(created.map((e) => e.id).sort());
    const suggestions = await family.partner.trpc.calendar.milestones.suggestions.query(scope());
    expect(suggestions.filter((s) => s.added).map((s) => s.key)).toEqual(["anatomy-scan", "baby-shower"]);
  });

  it("adding again creates no duplicates, only the milestones not yet there", async () => {
    const again = await family.partner.trpc.calendar.milestones.add.mutate({ ...scope(), keys: ["anatomy-scan", "baby-shower", "due-date", "due-date"] });
    expect(again.map((e) => e.milestoneKey)).toEqual(["due-date"]);
    expect(await family.owner.trpc.calendar.milestones.add.mutate({ ...scope(), keys: ["anatomy-scan", "due-date"] })).toEqual([]);
    const keys = (await milestoneEvents(family.owner, family.pregnancyId)).map((e) => e.milestoneKey);
    expect(keys.sort()).toEqual(["anatomy-scan", "baby-shower", "due-date"]);
  });

  it("a due date change moves the auto-dated events with their weeks; one re-dated by hand stays put", async () => {
    const before = await milestoneEvents(family.owner, family.pregnancyId);
    const scan = before.find((e) => e.milestoneKey === "anatomy-scan")!;
    const byHand = addDays(scan.date, 3);
    const edited = await family.owner.trpc.calendar.update.mutate({ ...scope(), eventId: scan.id, date: byHand });
    expect(edited).toMatchObject({ date: byHand, autoDate: false });

    const newDue = addDays(todayIso(), 95);
    const details = await family.owner.trpc.pregnancy.update.mutate({ ...scope(), dates: { dueDate: newDue } });
    expect(details.dueDate).toBe(newDue);
    const after = await milestoneEvents(family.owner, family.pregnancyId);
    for (const key of ["baby-shower", "due-date"] as const) {
      const event = after.find((e) => e.milestoneKey === key)!;
      expect(event, key).toMatchObject({ ...placed(key, newDue), autoDate: true });
      expect(event.date, key).not.toBe(before.find((e) => e.milestoneKey === key)!.date);
    }
    expect(after.find((e) => e.milestoneKey === "due-date")?.date).toBe(newDue);
    expect(after.find((e) => e.id === scan.id)).toMatchObject({ date: byHand, autoDate: false, weekNumber: edited.weekNumber });

    // Typing the LMP instead moves them the same way.
    const lmp = addDays(todayIso(), -150);
    const fromLmp = await family.partner.trpc.pregnancy.update.mutate({ ...scope(), dates: { lastMenstrualPeriod: lmp } });
    const moved = await milestoneEvents(family.owner, family.pregnancyId);
    expect(moved.find((e) => e.milestoneKey === "baby-shower")).toMatchObject(placed("baby-shower", fromLmp.dueDate));
    expect(moved.find((e) => e.milestoneKey === "due-date")?.date).toBe(fromLmp.dueDate);
    expect(moved.find((e) => e.id === scan.id)?.date).toBe(byHand);
  });

  it("moves only the pregnancy's own events, never another family's", async () => {
    const other = await createOtherFamily();
    const [theirs] = await other.owner.trpc.calendar.milestones.add.mutate({ pregnancyId: other.pregnancyId, keys: ["due-date"] });
    await family.owner.trpc.pregnancy.update.mutate({ ...scope(), dates: { dueDate: addDays(todayIso(), 101) } });
    const [still] = await milestoneEvents(other.owner, other.pregnancyId);
    expect(still).toMatchObject({ id: theirs!.id, date: theirs!.date });
  });

  it("refuses unknown keys and an empty choice", async () => {
    await expect(family.owner.trpc.calendar.milestones.add.mutate({ ...scope(), keys: ["moon-landing" as MilestoneKey] })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });
    await expect(family.owner.trpc.calendar.milestones.add.mutate({ ...scope(), keys: [] })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });
  });
});

describe("who may use suggested milestones", () => {
  it("a guest without canEditCalendar can neither list nor add them", async () => {
    for (const guest of [family.guest, await guestWith(["canViewCalendarEvents"])]) {
      await expect(guest.trpc.calendar.milestones.suggestions.query(scope())).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
      await expect(guest.trpc.calendar.milestones.add.mutate({ ...scope(), keys: ["hospital-bag"] })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    }
    expect((await milestoneEvents(family.owner, family.pregnancyId)).map((e) => e.milestoneKey)).not.toContain("hospital-bag");
  });

  it("a guest given canEditCalendar adds them like a parent", async () => {
    const editor = await guestWith(["canEditCalendar"]);
    const [created] = await editor.trpc.calendar.milestones.add.mutate({ ...scope(), keys: ["hospital-tour"] });
    expect(created).toMatchObject({ milestoneKey: "hospital-tour", autoDate: true });
    expect((await editor.trpc.calendar.milestones.suggestions.query(scope())).find((s) => s.key === "hospital-tour")?.added).toBe(true);
  });

  it("another pregnancy's user can neither list nor add them", async () => {
    await expect(family.outsider.trpc.calendar.milestones.suggestions.query(scope())).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    await expect(family.outsider.trpc.calendar.milestones.add.mutate({ ...scope(), keys: ["glucose-test"] })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    expect((await milestoneEvents(family.owner, family.pregnancyId)).map((e) => e.milestoneKey)).not.toContain("glucose-test");
  });
});
