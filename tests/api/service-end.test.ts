import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { addDays, todayIso } from "../../src/domain/dates";
import { RETENTION_CRON } from "../../src/domain/retention";
import { serviceEndHeading } from "../../src/domain/serviceEnd";
import { pregnancies, pregnancyParticipants } from "../../worker/db/schema";
import { baseUrl, openTestDb } from "../support/env";
import { createOtherFamily, signUp } from "../support/families";
import { mailsTo } from "../support/outbox";
import { addGuest } from "../support/photos";

const { db, close } = openTestDb();
afterAll(close);

/** The daily job's service-end notices as the trigger would run them at `at` (the test clock). */
const runNotices = async (at: string) => {
  const response = await fetch(new URL("/api/dev/service-end-notices", baseUrl()), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ now: at }) });
  expect(response.status).toBe(200);
  return (await response.json()) as { told: number };
};

/** A family in Auckland (owner, partner, guest) whose last day of service is `lastDay`. */
async function familyEnding(lastDay: string, timeZone: string) {
  const family = await createOtherFamily();
  const title = `Ending ${crypto.randomUUID().slice(0, 8)}`;
  await db.update(pregnancies).set({ title, serviceEndDate: lastDay, timeZone }).where(eq(pregnancies.id, family.pregnancyId));
  const partner = await signUp("endingpartner");
  await db.insert(pregnancyParticipants).values({ pregnancyId: family.pregnancyId, userId: partner.userId, role: "partner", status: "active" });
  const guest = await addGuest(family.pregnancyId, "Endingguest", "immediate-family");
  const ownerEmail = (await family.owner.trpc.account.me.query()).email;
  return { ...family, title, partner, guest, ownerEmail };
}

const subjectsTo = async (email: string, title: string) => (await mailsTo(email)).map((mail) => mail.subject).filter((subject) => subject.startsWith(`${title}:`));

describe("the service-end notices (issue 37)", () => {
  it("tell each parent 14 days and 1 day before the last day, in the family's zone, once each across runs of the daily job; guests are not mailed", async () => {
    const lastDay = addDays(todayIso(), 60);
    const family = await familyEnding(lastDay, "Pacific/Auckland");
    const fourteen = serviceEndHeading(family.title, 14);
    const one = serviceEndHeading(family.title, 1);

    // 12:30 UTC is already the next morning in Auckland: 14 days before there, 15 in UTC.
    const dayBefore15Utc = `${addDays(lastDay, -15)}T12:30:00.000Z`;
    await runNotices(`${addDays(lastDay, -15)}T03:17:00.000Z`);
    expect(await subjectsTo(family.ownerEmail, family.title)).toEqual([]);

    // Five runs at once, then the next day's: each parent is told once.
    await Promise.all(Array.from({ length: 5 }, () => runNotices(dayBefore15Utc)));
    await runNotices(`${addDays(lastDay, -14)}T03:17:00.000Z`);
    for (const email of [family.ownerEmail, family.partner.email]) expect(await subjectsTo(email, family.title)).toEqual([fourteen]);

    const [mail] = (await mailsTo(family.ownerEmail)).filter((m) => m.subject === fourteen);
    expect(mail?.text).toContain("read-only for 7 years");
    expect(mail?.text).toContain("download everything");
    expect(mail?.text).toContain("Your guests will see");

    // In the app too, until dismissed.
    const [notice] = (await family.owner.trpc.account.modeContext.query()).serviceEndNotices;
    expect(notice).toMatchObject({ pregnancyId: family.pregnancyId, title: family.title, serviceEndDate: lastDay, timeZone: "Pacific/Auckland" });

    // The day before the last day (in Auckland), twice.
    await runNotices(`${addDays(lastDay, -2)}T12:30:00.000Z`);
    await runNotices(`${addDays(lastDay, -1)}T03:17:00.000Z`);
    for (const email of [family.ownerEmail, family.partner.email]) expect(await subjectsTo(email, family.title)).toEqual([one, fourteen]);
    expect(await subjectsTo(family.guest.email, family.title)).toEqual([]);
    expect((await family.guest.client.trpc.account.modeContext.query()).serviceEndNotices).toEqual([]);

    // One notice shows, the latest; dismissing it ends the pregnancy's notices for that parent only.
    const notices = (await family.owner.trpc.account.modeContext.query()).serviceEndNotices;
    expect(notices).toHaveLength(1);
    expect(await family.guest.client.trpc.pregnancy.dismissServiceEndNotice.mutate({ noticeId: notices[0]!.id })).toEqual({ dismissed: false });
    expect(await family.owner.trpc.pregnancy.dismissServiceEndNotice.mutate({ noticeId: notices[0]!.id })).toEqual({ dismissed: true });
    expect((await family.owner.trpc.account.modeContext.query()).serviceEndNotices).toEqual([]);
    expect((await family.partner.client.trpc.account.modeContext.query()).serviceEndNotices).toHaveLength(1);

    // After the last day: nothing more.
    expect((await runNotices(`${addDays(lastDay, 1)}T03:17:00.000Z`)).told).toBe(0);
    expect(await subjectsTo(family.ownerEmail, family.title)).toHaveLength(2);
  });

  it("the daily trigger sends them", async () => {
    const lastDay = addDays(todayIso(), 14);
    const family = await familyEnding(lastDay, "UTC");
    expect((await fetch(`${baseUrl()}/__scheduled?cron=${encodeURIComponent(RETENTION_CRON)}`)).status).toBe(200);
    await expect.poll(async () => subjectsTo(family.ownerEmail, family.title), { timeout: 15_000 }).toEqual([serviceEndHeading(family.title, 14)]);
  });
});
