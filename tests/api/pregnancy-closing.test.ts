import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_AFTER_CLOSURE_DAYS } from "../../src/domain/dataExport";
import { addDays, todayIso } from "../../src/domain/dates";
import { DEFAULT_PREGNANCY_TITLE } from "../../src/domain/pregnancy";
import { CLOSING_MESSAGES } from "../../src/domain/pregnancyClosing";
import { PREGNANCY_DELETION_MESSAGES } from "../../src/domain/pregnancyDeletion";
import { pregnancies, pregnancyParticipants } from "../../worker/db/schema";
import { subscribedUser } from "../support/checkout";
import { openTestDb } from "../support/env";
import { createOtherFamily, signUp } from "../support/families";
import { mailsTo } from "../support/outbox";
import { MS_PER_DAY } from "../../src/domain/units";

let testDb: ReturnType<typeof openTestDb>;
beforeAll(() => {
  testDb = openTestDb();
});
afterAll(async () => {
  await testDb.close();
});

const PARALLEL = 5;
const closedSubject = CLOSING_MESSAGES.closedHeading(DEFAULT_PREGNANCY_TITLE);
const closingMails = async (email: string) => (await mailsTo(email)).filter((mail) => mail.subject === closedSubject);

/**
 * A paying family: the owner paid and created the pregnancy; the partner and a guest joined; one
 * relative was removed and another left (both active once); one invitation was never taken.
 */
async function payingFamily(label: string) {
  const owner = await subscribedUser(label);
  const { pregnancy_id: pregnancyId } = await owner.client.trpc.pregnancy.createComplete.mutate({ pregnancy: { dueDate: addDays(todayIso(), 150) }, isGuestConversion: false });
  const join = async (who: string, role: "partner" | "guest") => {
    const user = await signUp(`${label}${who}`);
    const [row] = await testDb.db.insert(pregnancyParticipants).values({ pregnancyId, userId: user.userId, role, status: "active" }).returning({ id: pregnancyParticipants.id });
    return { ...user, participantId: row!.id };
  };
  const partner = await join("partner", "partner");
  const guest = await join("guest", "guest");
  const removed = await join("removed", "guest");
  await owner.client.trpc.participants.remove.mutate({ pregnancyId, participantId: removed.participantId });
  const left = await join("left", "guest");
  await left.client.trpc.participants.leave.mutate({ pregnancyId, removeContributions: false });
  const invited = await signUp(`${label}invited`);
  await testDb.db.insert(pregnancyParticipants).values({ pregnancyId, role: "guest", status: "invited", invitedEmail: invited.email.toLowerCase() });
  return { owner, pregnancyId, partner, guest, removed, left, invited };
}

describe("closing a pregnancy by cancelling tells the people it affects (issue 35)", () => {
  it("the partner and each guest are told once, by mail and in the app, even when the cancellation is sent five times at once; nobody else hears of it", async () => {
    const family = await payingFamily("closing");
    const other = await createOtherFamily();

    const answers = await Promise.allSettled(Array.from({ length: PARALLEL }, () => family.owner.client.trpc.billing.cancelSubscription.mutate({ confirm: true })));
    expect(answers.some((answer) => answer.status === "fulfilled")).toBe(true);
    const [row] = await testDb.db.select({ status: pregnancies.status }).from(pregnancies).where(eq(pregnancies.id, family.pregnancyId));
    expect(row?.status).toBe("closed");

    // One mail each, saying what the closing means for their place in it.
    const [partnerMails, guestMails] = [await closingMails(family.partner.email), await closingMails(family.guest.email)];
    expect(partnerMails).toHaveLength(1);
    expect(partnerMails[0]?.text).toContain("As its partner you no longer have access");
    expect(guestMails).toHaveLength(1);
    expect(guestMails[0]?.text).toContain("Your guest access ended then");
    expect((await mailsTo(family.owner.email)).filter((mail) => mail.subject === CLOSING_MESSAGES.ownerSubject(DEFAULT_PREGNANCY_TITLE))).toHaveLength(1);

    // One notice each in the app, read with the mode.
    const partnerContext = await family.partner.client.trpc.account.modeContext.query();
    expect(partnerContext.closingNotices).toEqual([expect.objectContaining({ title: DEFAULT_PREGNANCY_TITLE, role: "partner", closedBy: "Test closing" })]);
    const guestNotices = (await family.guest.client.trpc.account.modeContext.query()).closingNotices;
    expect(guestNotices).toEqual([expect.objectContaining({ title: DEFAULT_PREGNANCY_TITLE, role: "guest" })]);

    // Nobody who was no longer (or never) in it, and no other family, hears anything.
    for (const outsider of [family.removed, family.left, family.invited]) {
      expect(await closingMails(outsider.email)).toEqual([]);
      expect((await outsider.client.trpc.account.modeContext.query()).closingNotices).toEqual([]);
    }
    expect((await other.owner.trpc.account.modeContext.query()).closingNotices).toEqual([]);

    // The owner stays in Parent mode with the closed pregnancy (its download is open), told nothing they did not do.
    expect(await family.owner.client.trpc.account.modeContext.query()).toMatchObject({ hasParentCapability: true, hasPregnancyAccess: false, hasClosedPregnancy: true, closingNotices: [] });

    // A notice is dismissed by its reader only.
    const noticeId = guestNotices[0]!.id;
    expect(await family.partner.client.trpc.pregnancy.dismissClosingNotice.mutate({ noticeId })).toEqual({ dismissed: false });
    expect(await other.owner.trpc.pregnancy.dismissClosingNotice.mutate({ noticeId })).toEqual({ dismissed: false });
    expect((await family.guest.client.trpc.account.modeContext.query()).closingNotices).toHaveLength(1);
    expect(await family.guest.client.trpc.pregnancy.dismissClosingNotice.mutate({ noticeId })).toEqual({ dismissed: true });
    expect((await family.guest.client.trpc.account.modeContext.query()).closingNotices).toEqual([]);
    expect((await family.partner.client.trpc.account.modeContext.query()).closingNotices).toHaveLength(1);
  });

  it("deleting the pregnancy (which also ends its subscription) sends its own word, never the closing notices", async () => {
    const family = await payingFamily("closingdelete");
    await family.owner.client.trpc.pregnancy.delete.mutate({ pregnancyId: family.pregnancyId, confirmTitle: DEFAULT_PREGNANCY_TITLE });
    expect((await mailsTo(family.guest.email)).map((mail) => mail.subject)).toContain(PREGNANCY_DELETION_MESSAGES.deletedSubject(DEFAULT_PREGNANCY_TITLE));
    expect(await closingMails(family.guest.email)).toEqual([]);
    expect(await closingMails(family.partner.email)).toEqual([]);
    expect((await family.guest.client.trpc.account.modeContext.query()).closingNotices).toEqual([]);
    expect((await family.owner.client.trpc.account.modeContext.query()).hasClosedPregnancy).toBe(false);
  });

  it("a closed pregnancy keeps its owner in Parent mode only while it can be downloaded", async () => {
    const family = await payingFamily("closingwindow");
    await family.owner.client.trpc.billing.cancelSubscription.mutate({ confirm: true });
    expect((await family.owner.client.trpc.account.modeContext.query()).hasParentCapability).toBe(true);
    await testDb.db.update(pregnancies).set({ closedAt: new Date(Date.now() - (EXPORT_AFTER_CLOSURE_DAYS + 1) * MS_PER_DAY) }).where(eq(pregnancies.id, family.pregnancyId));
    expect(await family.owner.client.trpc.account.modeContext.query()).toMatchObject({ hasParentCapability: false, hasClosedPregnancy: false });
  });
});
