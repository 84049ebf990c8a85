import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, lmpFromDueDate, todayIso } from "../../src/domain/dates";
import { PERMISSION_FLAGS } from "../../src/domain/enums";
import { HEALTH_RECORD_MESSAGES } from "../../src/domain/healthRecords";
import { birthPlans, healthLogs, hospitalBagItems, medicalContacts } from "../../worker/db/schema";
import type { ApiClient } from "../support/client";
import { openTestDb } from "../support/env";
import { createMatrixFamily, MATRIX_DUE_IN_DAYS, type MatrixFamily } from "../support/matrix-family";
import { addGuest } from "../support/photos";
import { callProcedure } from "../support/raw-trpc";
import { healthLogWeek, type HealthLogInput } from "../../src/domain/healthLogs";
import { HOSPITAL_BAG_DEFAULTS } from "../../src/domain/hospitalBag";
import { MEDICAL_CONTACTS_MAX } from "../../src/domain/medicalContacts";

const { db, close } = openTestDb();

let family: MatrixFamily;
/** A guest of the family's closest circle holding every one of the 13 flags. */
let flaggedGuest: ApiClient;

const scoped = () => ({ pregnancyId: family.pregnancyId });
const refusedWith = (appCode: string) => ({ data: { code: "FORBIDDEN", appCode } });

const LMP = () => lmpFromDueDate(addDays(todayIso(), MATRIX_DUE_IN_DAYS));
const newLog = (fields: Partial<HealthLogInput> = {}): HealthLogInput =>
  ({ id: crypto.randomUUID(), kind: "symptom", severity: 3, name: "Nausea", notes: "", loggedAt: new Date(), loggedOn: todayIso(), ...fields }) as HealthLogInput;
const storedLogs = (ids: string[]) => db.select().from(healthLogs).where(inArray(healthLogs.id, ids));
const bagOf = (pregnancyId: string) => db.select().from(hospitalBagItems).where(eq(hospitalBagItems.pregnancyId, pregnancyId));

beforeAll(async () => {
  family = await createMatrixFamily();
  const everyFlag = Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, true]));
  flaggedGuest = (await addGuest(family.pregnancyId, "health-flagged", "immediate-family", everyFlag)).client;
});

afterAll(async () => {
  await close();
});

describe("health records: only the parents", () => {
  /** Every health-record procedure with a valid input; the data named exists in the family's pregnancy. */
  async function everyCall(): Promise<Array<[path: string, type: "query" | "mutation", input: Record<string, unknown>]>> {
    const log = newLog();
    await family.owner.trpc.healthRecords.logs.sync.mutate({ ...scoped(), logs: [log] });
    const [item] = await family.owner.trpc.healthRecords.hospitalBag.list.query(scoped());
    const contact = await family.owner.trpc.healthRecords.medicalContacts.create.mutate({ ...scoped(), id: crypto.randomUUID(), kind: "provider", name: "Dr. Private", phone: "555 0100" });
    return [
      ["healthRecords.logs.list", "query", { ...scoped(), kind: "symptom" }],
      ["healthRecords.logs.sync", "mutation", { ...scoped(), logs: [newLog({ name: "Guest's log" })] }],
      ["healthRecords.logs.delete", "mutation", { ...scoped(), logId: log.id }],
      ["healthRecords.birthPlan.get", "query", scoped()],
      ["healthRecords.birthPlan.save", "mutation", { ...scoped(), answers: { otherNotes: "Written by a guest" } }],
      ["healthRecords.hospitalBag.list", "query", scoped()],
      ["healthRecords.hospitalBag.add", "mutation", { ...scoped(), id: crypto.randomUUID(), owner: "baby", name: "Guest's item" }],
      ["healthRecords.hospitalBag.update", "mutation", { ...scoped(), itemId: item!.id, isPacked: true }],
      ["healthRecords.hospitalBag.delete", "mutation", { ...scoped(), itemId: item!.id }],
      ["healthRecords.hospitalBag.restoreSuggested", "mutation", scoped()],
      ["healthRecords.medicalContacts.list", "query", scoped()],
      ["healthRecords.medicalContacts.create", "mutation", { ...scoped(), id: crypto.randomUUID(), kind: "doula", name: "Guest's doula" }],
      ["healthRecords.medicalContacts.update", "mutation", { ...scoped(), contactId: contact.id, kind: "provider", name: "Renamed by a guest" }],
      ["healthRecords.medicalContacts.delete", "mutation", { ...scoped(), contactId: contact.id }],
    ];
  }

  it("refuse a guest holding every flag, a user of another pregnancy, and a parent in guest mode, and change nothing", async () => {
    const calls = await everyCall();
    const before = {
      logs: await db.select({ id: healthLogs.id }).from(healthLogs).where(eq(healthLogs.pregnancyId, family.pregnancyId)),
      bag: await bagOf(family.pregnancyId),
      contacts: await db.select().from(medicalContacts).where(eq(medicalContacts.pregnancyId, family.pregnancyId)),
    };
    for (const [path, type, input] of calls) {
      expect(await callProcedure(flaggedGuest, path, type, input), `guest: ${path}`).toMatchObject({ ok: false, code: "FORBIDDEN", appCode: "ACCESS_DENIED" });
      expect(await callProcedure(flaggedGuest, path, type, { ...input, mode: "guest" }), `guest in guest mode: ${path}`).toMatchObject({ ok: false, appCode: "ACCESS_DENIED" });
      expect(await callProcedure(family.outsider, path, type, input), `outsider: ${path}`).toMatchObject({ ok: false, code: "FORBIDDEN", appCode: "ACCESS_DENIED" });
      expect(await callProcedure(family.owner, path, type, { ...input, mode: "guest" }), `owner in guest mode: ${path}`).toMatchObject({ ok: false, appCode: "MODE_MISMATCH" });
    }
    expect(await db.select({ id: healthLogs.id }).from(healthLogs).where(eq(healthLogs.pregnancyId, family.pregnancyId))).toEqual(before.logs);
    expect(await bagOf(family.pregnancyId)).toEqual(before.bag);
    expect(await db.select().from(medicalContacts).where(eq(medicalContacts.pregnancyId, family.pregnancyId))).toEqual(before.contacts);
    expect(await db.select().from(birthPlans).where(eq(birthPlans.pregnancyId, family.pregnancyId))).toEqual([]);
  });

  it("refuse ids of another pregnancy's records with PREGNANCY_ID_MISMATCH and leave them as they were", async () => {
    const outsiderPregnancy = (await family.outsider.trpc.pregnancy.mine.query()).parentPregnancy!.id;
    const theirs = { pregnancyId: outsiderPregnancy };
    const log = newLog({ name: "Their log" });
    await family.outsider.trpc.healthRecords.logs.sync.mutate({ ...theirs, logs: [log] });
    const [item] = await family.outsider.trpc.healthRecords.hospitalBag.list.query(theirs);
    const contact = await family.outsider.trpc.healthRecords.medicalContacts.create.mutate({ ...theirs, id: crypto.randomUUID(), kind: "hospital", name: "Their hospital" });

    const mismatch = refusedWith("PREGNANCY_ID_MISMATCH");
    await expect(family.owner.trpc.healthRecords.logs.delete.mutate({ ...scoped(), logId: log.id })).rejects.toMatchObject(mismatch);
    await expect(family.owner.trpc.healthRecords.hospitalBag.update.mutate({ ...scoped(), itemId: item!.id, isPacked: true })).rejects.toMatchObject(mismatch);
    await expect(family.owner.trpc.healthRecords.hospitalBag.delete.mutate({ ...scoped(), itemId: item!.id })).rejects.toMatchObject(mismatch);
    await expect(family.owner.trpc.healthRecords.medicalContacts.update.mutate({ ...scoped(), contactId: contact.id, kind: "other", name: "Mine now" })).rejects.toMatchObject(mismatch);
    await expect(family.owner.trpc.healthRecords.medicalContacts.delete.mutate({ ...scoped(), contactId: contact.id })).rejects.toMatchObject(mismatch);
    // Reusing their ids for new records is refused too, and the whole sync with it.
    const mine = newLog({ name: "Mine" });
    await expect(family.owner.trpc.healthRecords.logs.sync.mutate({ ...scoped(), logs: [mine, { ...log, name: "Taken over" }] })).rejects.toMatchObject({ data: { code: "CONFLICT", appCode: "ID_TAKEN" } });
    await expect(family.owner.trpc.healthRecords.medicalContacts.create.mutate({ ...scoped(), id: contact.id, kind: "doula", name: "Taken over" })).rejects.toMatchObject({ data: { appCode: "ID_TAKEN" } });
    await expect(family.owner.trpc.healthRecords.hospitalBag.add.mutate({ ...scoped(), id: item!.id, owner: "baby", name: "Taken over" })).rejects.toMatchObject({ data: { appCode: "ID_TAKEN" } });

    expect(await storedLogs([mine.id, log.id])).toMatchObject([{ id: log.id, name: "Their log", pregnancyId: outsiderPregnancy }]);
    expect((await bagOf(outsiderPregnancy)).find((row) => row.id === item!.id)).toMatchObject({ isPacked: false, name: item!.name });
    expect(await family.outsider.trpc.healthRecords.medicalContacts.list.query(theirs)).toMatchObject([{ id: contact.id, name: "Their hospital", kind: "hospital" }]);
  });
});

describe("health records: cravings and symptoms", () => {
  it("store a synced log once however often it is sent, in the week of the day it was logged", async () => {
    const fiveDaysAgo = addDays(todayIso(), -5);
    const logs = [
      newLog({ kind: "craving", name: " Pickles <3 ", notes: "With ice cream", loggedAt: new Date(`${fiveDaysAgo}T12:00:00Z`), loggedOn: fiveDaysAgo }),
      newLog({ name: "Heartburn", severity: 4, notes: "After dinner" }),
    ];
    expect(await family.owner.trpc.healthRecords.logs.sync.mutate({ ...scoped(), logs })).toEqual({ stored: 2, alreadyStored: 0 });
    // The phone did not hear the answer and sends the same batch again, then the first log alone.
    expect(await family.owner.trpc.healthRecords.logs.sync.mutate({ ...scoped(), logs })).toEqual({ stored: 0, alreadyStored: 2 });
    expect(await family.owner.trpc.healthRecords.logs.sync.mutate({ ...scoped(), logs: [logs[0]!] })).toEqual({ stored: 0, alreadyStored: 1 });

    const stored = await storedLogs(logs.map((l) => l.id));
    expect(stored).toHaveLength(2);
    const weekOf = (day: string) => healthLogWeek(day, LMP());
    expect(stored.find((l) => l.kind === "craving")).toMatchObject({ name: "Pickles <3", notes: "With ice cream", severity: null, week: weekOf(fiveDaysAgo) });
    expect(stored.find((l) => l.kind === "symptom")).toMatchObject({ name: "Heartburn", severity: 4, week: weekOf(todayIso()) });

    // The partner sees them, each kind on its own page, newest first, with who logged it.
    const cravings = await family.partner.trpc.healthRecords.logs.list.query({ ...scoped(), kind: "craving" });
    expect(cravings.map((l) => l.id)).toContain(logs[0]!.id);
    expect(cravings.every((l) => l.kind === "craving")).toBe(true);
    const symptoms = await family.partner.trpc.healthRecords.logs.list.query({ ...scoped(), kind: "symptom" });
    expect(symptoms[0]).toMatchObject({ id: logs[1]!.id, loggedBy: "Test" });
    const all = await family.partner.trpc.healthRecords.logs.list.query(scoped());
    expect(all.map((l) => l.loggedAt.getTime())).toEqual([...all.map((l) => l.loggedAt.getTime())].sort((a, b) => b - a));
  });

  it("refuse a symptom without a severity, a log in the future, a day no time zone gives, and a blank name", async () => {
    const bad = [
      { ...newLog(), severity: undefined },
      { ...newLog(), severity: 6 },
      newLog({ loggedAt: new Date(Date.now() + 60 * 60_000), loggedOn: todayIso() }),
      newLog({ loggedOn: addDays(todayIso(), -3) }),
      newLog({ name: " \u0000 " }),
    ];
    for (const log of bad) {
      const outcome = await callProcedure(family.owner, "healthRecords.logs.sync", "mutation", { ...scoped(), logs: [log] });
      expect(outcome, JSON.stringify(log)).toMatchObject({ ok: false, code: "BAD_REQUEST" });
    }
    await expect(family.owner.trpc.healthRecords.logs.sync.mutate({ ...scoped(), logs: [newLog({ loggedAt: new Date(Date.now() + 60 * 60_000) })] })).rejects.toMatchObject({ message: HEALTH_RECORD_MESSAGES.futureLog });
    expect(await storedLogs(bad.map((l) => l.id))).toEqual([]);
  });

  it("delete a log (again is no error), and an undo sends it again with its own id", async () => {
    const log = newLog({ name: "Back pain", severity: 2 });
    await family.owner.trpc.healthRecords.logs.sync.mutate({ ...scoped(), logs: [log] });
    expect(await family.partner.trpc.healthRecords.logs.delete.mutate({ ...scoped(), logId: log.id })).toEqual({ deleted: true });
    expect(await family.owner.trpc.healthRecords.logs.delete.mutate({ ...scoped(), logId: log.id })).toEqual({ deleted: false });
    expect(await storedLogs([log.id])).toEqual([]);
    expect(await family.owner.trpc.healthRecords.logs.sync.mutate({ ...scoped(), logs: [log] })).toEqual({ stored: 1, alreadyStored: 0 });
    expect(await storedLogs([log.id])).toMatchObject([{ name: "Back pain", severity: 2 }]);
  });
});

describe("health records: birth plan", () => {
  it("starts empty, with the parents' names and the due date for the printed copy", async () => {
    const plan = await family.partner.trpc.healthRecords.birthPlan.get.query(scoped());
    expect(plan).toMatchObject({ answers: {}, updatedAt: null, updatedBy: null, title: "Matrix Family", dueDate: addDays(todayIso(), MATRIX_DUE_IN_DAYS) });
    expect(plan.parents).toEqual([
      { firstName: "Test", lastName: "mxowner" },
      { firstName: "Test", lastName: "mxpartner" },
    ]);
  });

  it("saves the whole form, trimmed, and the other parent reads it; a later save replaces it", async () => {
    const saved = await family.owner.trpc.healthRecords.birthPlan.save.mutate({
      ...scoped(),
      answers: { birthPlace: "hospital", painMethods: ["epidural", "massage"], atmosphere: [], healthNotes: " Allergic to penicillin <3 doses/day> ", otherNotes: "" },
    });
    expect(saved.answers).toEqual({ birthPlace: "hospital", painMethods: ["massage", "epidural"], healthNotes: "Allergic to penicillin <3 doses/day>" });
    expect(saved.updatedBy).toBe("Test");
    expect((await family.partner.trpc.healthRecords.birthPlan.get.query(scoped())).answers).toEqual(saved.answers);

    const replaced = await family.partner.trpc.healthRecords.birthPlan.save.mutate({ ...scoped(), answers: { feedingPlan: "breastfeeding" } });
    expect(replaced.answers).toEqual({ feedingPlan: "breastfeeding" });
    const [row] = await db.select().from(birthPlans).where(eq(birthPlans.pregnancyId, family.pregnancyId));
    expect(row?.answers).toEqual({ feedingPlan: "breastfeeding" });
  });

  it("refuses unknown questions and options, and over-long text, and keeps what was saved", async () => {
    for (const answers of [{ birthPlace: "moon" }, { surprise: "yes" }, { otherNotes: "x".repeat(5000) }, { painMethods: "massage" }]) {
      expect(await callProcedure(family.owner, "healthRecords.birthPlan.save", "mutation", { ...scoped(), answers }), JSON.stringify(answers).slice(0, 40)).toMatchObject({ ok: false, code: "BAD_REQUEST" });
    }
    expect((await family.owner.trpc.healthRecords.birthPlan.get.query(scoped())).answers).toEqual({ feedingPlan: "breastfeeding" });
  });
});

describe("health records: hospital bag", () => {
  it("fills the three lists with the suggested items once, even when both parents open it at the same moment", async () => {
    const fresh = await createMatrixFamily();
    const input = { pregnancyId: fresh.pregnancyId };
    const [byOwner, byPartner] = await Promise.all([fresh.owner.trpc.healthRecords.hospitalBag.list.query(input), fresh.partner.trpc.healthRecords.hospitalBag.list.query(input)]);
    const again = await fresh.owner.trpc.healthRecords.hospitalBag.list.query(input);
    const rows = await bagOf(fresh.pregnancyId);
    expect(rows).toHaveLength(HOSPITAL_BAG_DEFAULTS.length);
    expect(new Set(rows.map((r) => r.defaultKey))).toEqual(new Set(HOSPITAL_BAG_DEFAULTS.map((d) => d.key)));
    for (const list of [byOwner, byPartner, again]) expect(list.map((i) => i.id).sort()).toEqual(rows.map((r) => r.id).sort());
    // In each list's packing order, nothing packed yet.
    expect(again.filter((i) => i.owner === "baby").map((i) => i.name)).toEqual(HOSPITAL_BAG_DEFAULTS.filter((d) => d.owner === "baby").map((d) => d.name));
    expect(again.every((i) => !i.isPacked && i.isSuggested)).toBe(true);
  });

  it("keeps a deleted suggestion deleted until the parents ask for the suggestions again", async () => {
    const items = await family.owner.trpc.healthRecords.hospitalBag.list.query(scoped());
    const carSeat = items.find((i) => i.name === "A rear-facing car seat, installed")!;
    const after = await family.owner.trpc.healthRecords.hospitalBag.delete.mutate({ ...scoped(), itemId: carSeat.id });
    expect(after.map((i) => i.id)).not.toContain(carSeat.id);
    expect((await family.partner.trpc.healthRecords.hospitalBag.list.query(scoped())).map((i) => i.name)).not.toContain(carSeat.name);

    const restored = await family.partner.trpc.healthRecords.hospitalBag.restoreSuggested.mutate(scoped());
    expect(restored.filter((i) => i.name === carSeat.name)).toHaveLength(1);
    expect(restored).toHaveLength(items.length);
    // Restoring again adds nothing.
    expect(await family.partner.trpc.healthRecords.hospitalBag.restoreSuggested.mutate(scoped())).toHaveLength(items.length);
  });

  it("adds a parent's own item at the end of its list once (a retried add), packs, renames and unpacks it", async () => {
    const id = crypto.randomUUID();
    const input = { ...scoped(), id, owner: "partner" as const, name: " Noise-cancelling headphones (noise<40dB) " };
    await family.owner.trpc.healthRecords.hospitalBag.add.mutate(input);
    const items = await family.owner.trpc.healthRecords.hospitalBag.add.mutate(input);
    const partnerList = items.filter((i) => i.owner === "partner");
    expect(partnerList.at(-1)).toMatchObject({ id, name: "Noise-cancelling headphones (noise<40dB)", isPacked: false, isSuggested: false });
    expect(items.filter((i) => i.id === id)).toHaveLength(1);

    const packed = await family.partner.trpc.healthRecords.hospitalBag.update.mutate({ ...scoped(), itemId: id, isPacked: true, name: "Headphones" });
    expect(packed.find((i) => i.id === id)).toMatchObject({ isPacked: true, name: "Headphones" });
    const unpacked = await family.owner.trpc.healthRecords.hospitalBag.update.mutate({ ...scoped(), itemId: id, isPacked: false });
    expect(unpacked.find((i) => i.id === id)).toMatchObject({ isPacked: false, name: "Headphones" });
    await expect(family.owner.trpc.healthRecords.hospitalBag.update.mutate({ ...scoped(), itemId: id, name: "   " })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });
  });
});

describe("health records: medical contacts", () => {
  it("adds a contact once (a retried create), edits it, clearing a field, and deletes it", async () => {
    const id = crypto.randomUUID();
    const input = { ...scoped(), id, kind: "pediatrician" as const, name: "Dr. Rivera <Peds>", phone: "(555) 010-2000", email: "rivera@clinic.example", address: "12 Elm St, Springfield", notes: "" };
    const created = await family.owner.trpc.healthRecords.medicalContacts.create.mutate(input);
    await family.owner.trpc.healthRecords.medicalContacts.create.mutate(input);
    expect(created).toMatchObject({ id, kind: "pediatrician", name: "Dr. Rivera <Peds>", phone: "(555) 010-2000", email: "rivera@clinic.example", address: "12 Elm St, Springfield", notes: null });
    expect((await family.partner.trpc.healthRecords.medicalContacts.list.query(scoped())).filter((c) => c.id === id)).toHaveLength(1);

    const edited = await family.partner.trpc.healthRecords.medicalContacts.update.mutate({ ...scoped(), contactId: id, kind: "pediatrician", name: "Dr. Rivera", phone: "555 010 2001", email: "", address: "12 Elm St, Springfield" });
    expect(edited).toMatchObject({ phone: "555 010 2001", email: null });

    expect(await family.owner.trpc.healthRecords.medicalContacts.delete.mutate({ ...scoped(), contactId: id })).toEqual({ deleted: true });
    expect(await family.owner.trpc.healthRecords.medicalContacts.delete.mutate({ ...scoped(), contactId: id })).toEqual({ deleted: false });
    await expect(family.owner.trpc.healthRecords.medicalContacts.update.mutate({ ...scoped(), contactId: id, kind: "other", name: "Gone" })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
  });

  it("refuses a phone number or email that is not one, with the form's message", async () => {
    await expect(family.owner.trpc.healthRecords.medicalContacts.create.mutate({ ...scoped(), id: crypto.randomUUID(), kind: "doula", name: "Ana", phone: "call me" })).rejects.toMatchObject({
      message: expect.stringContaining(HEALTH_RECORD_MESSAGES.invalidPhone),
    });
    await expect(family.owner.trpc.healthRecords.medicalContacts.create.mutate({ ...scoped(), id: crypto.randomUUID(), kind: "doula", name: "Ana", email: "ana@" })).rejects.toMatchObject({
      message: expect.stringContaining(HEALTH_RECORD_MESSAGES.invalidEmail),
    });
  });

  it(`holds at most ${MEDICAL_CONTACTS_MAX} contacts`, async () => {
    const fresh = await createMatrixFamily();
    const input = { pregnancyId: fresh.pregnancyId };
    for (let i = 0; i < MEDICAL_CONTACTS_MAX; i++) await fresh.owner.trpc.healthRecords.medicalContacts.create.mutate({ ...input, id: crypto.randomUUID(), kind: "other", name: `Contact ${i}` });
    await expect(fresh.partner.trpc.healthRecords.medicalContacts.create.mutate({ ...input, id: crypto.randomUUID(), kind: "other", name: "One too many" })).rejects.toMatchObject({
      data: { code: "BAD_REQUEST", appCode: "LIMIT_EXCEEDED" },
      message: HEALTH_RECORD_MESSAGES.tooManyContacts,
    });
    expect(await fresh.owner.trpc.healthRecords.medicalContacts.list.query(input)).toHaveLength(MEDICAL_CONTACTS_MAX);
  });
});
