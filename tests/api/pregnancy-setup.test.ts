import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATE_MESSAGES, addDays, dueDateFromLmp, serviceEndDate, todayIso } from "../../src/domain/dates";
import { pregnancies, pregnancyBabies, pregnancyParticipants, subscriptions } from "../../worker/db/schema";
import { subscribedUser } from "../support/checkout";
import { baseUrl, openTestDb } from "../support/env";
import { createOtherFamily, signUp, uniqueEmail } from "../support/families";
import { SETUP_MESSAGES } from "../../src/domain/pregnancy";
import { PLANS } from "../../src/domain/billing";

interface OutboxMail {
  to: string;
  subject: string;
}

const mailsTo = async (email: string) => ((await (await fetch(`${baseUrl()}/api/dev/outbox`)).json()) as OutboxMail[]).filter((mail) => mail.to === email);

let testDb: ReturnType<typeof openTestDb>;
beforeAll(() => {
  testDb = openTestDb();
});
afterAll(async () => {
  await testDb.close();
});

const dueDate = () => addDays(todayIso(), 150);

async function subscriptionOf(userId: string) {
  const [row] = await testDb.db.select({ pregnancyId: subscriptions.pregnancyId, photoStorageLimit: subscriptions.photoStorageLimit }).from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

/** Everything a user's setup could have written: pregnancies they created, their participations, those pregnancies' babies. */
async function rowsLeftBy(userId: string) {
  const created = await testDb.db.select({ id: pregnancies.id }).from(pregnancies).where(eq(pregnancies.createdByUserId, userId));
  const participations = await testDb.db.select({ id: pregnancyParticipants.id }).from(pregnancyParticipants).where(eq(pregnancyParticipants.userId, userId));
  const babies = await testDb.db
    .select({ id: pregnancyBabies.id })
    .from(pregnancyBabies)
    .innerJoin(pregnancies, eq(pregnancies.id, pregnancyBabies.pregnancyId))
    .where(eq(pregnancies.createdByUserId, userId));
  return { pregnancies: created.length, participations: participations.length, babies: babies.length };
}

describe("pregnancy.createComplete (create_pregnancy_complete)", () => {
  it("creates the pregnancy, owner, babies and partner invitation in one go, links the subscription and mails the partner", async () => {
    const owner = await subscribedUser("setup", { photoUpgrade: true });
    const partnerEmail = uniqueEmail("setuppartner");
    const due = dueDate();
    const result = await owner.client.trpc.pregnancy.createComplete.mutate({
      pregnancy: { dueDate: due },
      partner: { firstName: "Pat", lastName: "Partner", email: partnerEmail.toUpperCase() },
      babies: [{ name: "Juniper", gender: "girl" }, { gender: "unknown" }],
      isGuestConversion: false,
    });
    expect(result).toEqual({ success: true, pregnancy_id: expect.any(String) });
    const pregnancyId = result.pregnancy_id;

    const [pregnancy] = await testDb.db.select().from(pregnancies).where(eq(pregnancies.id, pregnancyId));
    expect(pregnancy).toMatchObject({
      title: "Juniper's Journey",
      status: "active",
      createdByUserId: owner.userId,
      dueDate: due,
      lastMenstrualPeriod: null,
      serviceEndDate: serviceEndDate(due),
      photoStorageLimit: PLANS.premium.photoLimit,
      setupCompletedAt: null,
    });
    const participants = await testDb.db
      .select({ userId: pregnancyParticipants.userId, role: pregnancyParticipants.role, status: pregnancyParticipants.status, invitedEmail: pregnancyParticipants.invitedEmail })
      .from(pregnancyParticipants)
      .where(eq(pregnancyParticipants.pregnancyId, pregnancyId));
    expect(participants).toHaveLength(2);
    expect(participants).toContainEqual({ userId: owner.userId, role: "owner", status: "active", invitedEmail: null });
    expect(participants).toContainEqual({ userId: null, role: "partner", status: "invited", invitedEmail: partnerEmail });
    const babies = await testDb.db.select({ name: pregnancyBabies.name, birthOrder: pregnancyBabies.birthOrder, gender: pregnancyBabies.gender }).from(pregnancyBabies).where(eq(pregnancyBabies.pregnancyId, pregnancyId));
    expect(babies.sort((a, b) => a.birthOrder - b.birthOrder)).toEqual([
      { name: "Juniper", birthOrder: 1, gender: "girl" },
      { name: "Baby 2", birthOrder: 2, gender: "unknown" },
    ]);
    expect((await subscriptionOf(owner.userId))?.pregnancyId).toBe(pregnancyId);
    expect((await mailsTo(partnerEmail)).map((mail) => mail.subject)).toEqual(["Test setup invited you as their partner"]);

    // /setup-pregnancy's gate sees the pregnancy until setup is completed.
    expect(await owner.client.trpc.pregnancy.setupStatus.query()).toEqual({
      subscribed: true,
      pregnancy: { id: pregnancyId, title: "Juniper's Journey", dueDate: due, lastMenstrualPeriod: null, setupCompleted: false, partner: { firstName: "Pat", lastName: "Partner", email: partnerEmail, status: "invited" } },
    });
    await owner.client.trpc.pregnancy.completeSetup.mutate({ pregnancyId });
    expect((await owner.client.trpc.pregnancy.setupStatus.query()).pregnancy?.setupCompleted).toBe(true);
    expect((await owner.client.trpc.pregnancy.mine.query()).parentPregnancy?.id).toBe(pregnancyId);
  });

  it("computes the due date from the LMP and names the pregnancy 'My Pregnancy Journey' without a baby name", async () => {
    const owner = await subscribedUser("setuplmp");
    const lmp = addDays(todayIso(), -60);
    const { pregnancy_id } = await owner.client.trpc.pregnancy.createComplete.mutate({ pregnancy: { lastMenstrualPeriod: lmp }, babies: [{ name: "  ", gender: "boy" }], isGuestConversion: false });
    const [row] = await testDb.db.select().from(pregnancies).where(eq(pregnancies.id, pregnancy_id));
    expect(row).toMatchObject({ title: "My Pregnancy Journey", lastMenstrualPeriod: lmp, dueDate: dueDateFromLmp(lmp), photoStorageLimit: PLANS.basic.photoLimit });
  });

  it("is refused without an unused active subscription", async () => {
    const { client, userId } = await signUp("setupunpaid");
    await expect(client.trpc.pregnancy.createComplete.mutate({ pregnancy: { dueDate: dueDate() }, isGuestConversion: false })).rejects.toMatchObject({
      message: SETUP_MESSAGES.subscriptionRequired,
      data: { code: "FORBIDDEN", appCode: "SUBSCRIPTION_REQUIRED" },
    });
    expect(await rowsLeftBy(userId)).toEqual({ pregnancies: 0, participations: 0, babies: 0 });
    expect(await client.trpc.pregnancy.setupStatus.query()).toEqual({ subscribed: false, pregnancy: null });
  });

  it("is refused without a due date or LMP", async () => {
    const { client, userId } = await subscribedUser("setupnodate");
    await expect(client.trpc.pregnancy.createComplete.mutate({ pregnancy: {}, isGuestConversion: false })).rejects.toMatchObject({
      message: DATE_MESSAGES.dueDateOrLmpRequired,
      data: { code: "BAD_REQUEST" },
    });
    expect((await subscriptionOf(userId))?.pregnancyId).toBeNull();
  });

  it("is refused for a user who already owns or partners an active pregnancy, leaving the subscription unused", async () => {
    const owner = await subscribedUser("setuptwice");
    await owner.client.trpc.pregnancy.createComplete.mutate({ pregnancy: { dueDate: dueDate() }, isGuestConversion: false });
    await expect(owner.client.trpc.pregnancy.createComplete.mutate({ pregnancy: { dueDate: dueDate() }, isGuestConversion: false })).rejects.toMatchObject({
      message: SETUP_MESSAGES.alreadyHasPregnancy,
      data: { code: "CONFLICT", appCode: "ACTIVE_PREGNANCY_EXISTS" },
    });
    expect((await rowsLeftBy(owner.userId)).pregnancies).toBe(1);

    const partner = await subscribedUser("setuppartnered");
    const family = await createOtherFamily();
    await testDb.db.insert(pregnancyParticipants).values({ pregnancyId: family.pregnancyId, userId: partner.userId, role: "partner", status: "active" });
    await expect(partner.client.trpc.pregnancy.createComplete.mutate({ pregnancy: { dueDate: dueDate() }, isGuestConversion: false })).rejects.toMatchObject({
      message: SETUP_MESSAGES.alreadyHasPregnancy,
    });
    expect((await subscriptionOf(partner.userId))?.pregnancyId).toBeNull();
    expect((await rowsLeftBy(partner.userId)).pregnancies).toBe(0);
  });

  it("keeps a converting guest's guest pregnancies", async () => {
    const guest = await subscribedUser("setupguest");
    const family = await createOtherFamily();
    await testDb.db.insert(pregnancyParticipants).values({ pregnancyId: family.pregnancyId, userId: guest.userId, role: "guest", status: "active" });
    const { pregnancy_id } = await guest.client.trpc.pregnancy.createComplete.mutate({ pregnancy: { dueDate: dueDate() }, isGuestConversion: true });
    const mine = await guest.client.trpc.pregnancy.mine.query();
    expect(mine.parentPregnancy?.id).toBe(pregnancy_id);
    expect(mine.guestPregnancies.map((p) => p.id)).toEqual([family.pregnancyId]);
  });

  it("leaves nothing behind when a later part fails", async () => {
    const owner = await subscribedUser("setuprollback");
    const partnerEmail = uniqueEmail("refusedpartner");
    // The database refuses this one partner row, as it would refuse any insert that breaks a rule;
    // the pregnancy, owner and babies were already written in the same transaction by then.
    await testDb.db.execute(
      sql.raw(`create function refuse_test_partner() returns trigger language plpgsql as $$
        begin
          if new.invited_email = '${partnerEmail}' then raise exception 'partner row refused by the test'; end if;
          return new;
        end $$`),
    );
    await testDb.db.execute(sql.raw("create trigger refuse_test_partner before insert on pregnancy_participants for each row execute function refuse_test_partner()"));
    try {
      await expect(
        owner.client.trpc.pregnancy.createComplete.mutate({
          pregnancy: { dueDate: dueDate() },
          partner: { firstName: "Ray", lastName: "Refused", email: partnerEmail },
          babies: [{ name: "Rollo", gender: "boy" }],
          isGuestConversion: false,
        }),
      ).rejects.toMatchObject({ data: { code: "INTERNAL_SERVER_ERROR" } });
    } finally {
      await testDb.db.execute(sql.raw("drop trigger refuse_test_partner on pregnancy_participants"));
      await testDb.db.execute(sql.raw("drop function refuse_test_partner()"));
    }

    expect(await rowsLeftBy(owner.userId)).toEqual({ pregnancies: 0, participations: 0, babies: 0 });
    expect(await testDb.db.select({ id: pregnancyParticipants.id }).from(pregnancyParticipants).where(eq(pregnancyParticipants.invitedEmail, partnerEmail))).toEqual([]);
    expect((await subscriptionOf(owner.userId))?.pregnancyId).toBeNull();
    expect(await mailsTo(partnerEmail)).toEqual([]);

    // The unused subscription still pays for the pregnancy once nothing refuses it.
    const { pregnancy_id } = await owner.client.trpc.pregnancy.createComplete.mutate({ pregnancy: { dueDate: dueDate() }, partner: { firstName: "Ray", lastName: "Retry", email: partnerEmail }, isGuestConversion: false });
    expect((await subscriptionOf(owner.userId))?.pregnancyId).toBe(pregnancy_id);
  });
});
