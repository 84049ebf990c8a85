/**
 * The durable outbox under faults (issue 39), on a stack of its own: the mail API is a local
 * recording server (the production mail transport posts to it, with its Idempotency-Key), and the
 * retry schedule runs 60 times faster, so "five minutes" of outage pass in five seconds.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { and, eq, gte, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoMember, type DemoMember } from "../../scripts/demo-family";
import { mailsIn, startHttpRecorder, type HttpRecorder } from "../../scripts/http-recorder";
import { freePort } from "../../scripts/local-db";
import { openNodeDb } from "../../scripts/node-db";
import { startStack, type Stack } from "../../scripts/stack";
import { startOfWeek, todayIso } from "../../src/domain/dates";
import { OUTBOX_MAX_RETRIES, OUTBOX_RETRY_DELAYS_SECONDS } from "../../src/domain/outbox";
import { calendarEvents, mailOutbox, pregnancies, pregnancyParticipants, users } from "../../worker/db/schema";
import { sessionIdOf } from "../support/checkout";
import { ApiClient } from "../support/client";
import { uniqueEmail } from "../support/families";

const MAIL_PATH = "/emails";
const SPEEDUP = 60;
/** What the schedule counts as five minutes. */
const OUTAGE_MS = (5 * 60 * 1000) / SPEEDUP;
const SETTLE_TIMEOUT_MS = 60_000;

let recorder: HttpRecorder;
let stack: Stack;
let persistDir: string;
let testDb: ReturnType<typeof openNodeDb>;
let pregnancyId: string;
const started = new Date();

async function signedIn(key: DemoMember["key"]): Promise<ApiClient> {
  const client = new ApiClient(stack.url);
  const response = await client.signIn(demoMember(key).email, DEMO_PASSWORD);
  if (!response.ok) throw new Error(`sign-in as ${key} failed: ${response.status}`);
  return client;
}

/** The outbox rows of this file's run still on their way. */
const unsettled = () => testDb.db.$count(mailOutbox, and(gte(mailOutbox.createdAt, started), inArray(mailOutbox.state, ["pending", "sending"])));

async function waitUntilSettled(): Promise<void> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  while ((await unsettled()) > 0) {
    if (Date.now() > deadline) throw new Error(`${await unsettled()} mails still unsent`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Every mail the API delivered, as "to | subject" with how many times. */
function deliveredCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of mailsIn(recorder.requests, MAIL_PATH)) counts.set(`${mail.to} | ${mail.subject}`, (counts.get(`${mail.to} | ${mail.subject}`) ?? 0) + 1);
  return counts;
}

/** The rows this run wrote, as "to | subject" with how many times (the same mail to the same person twice would be a bug too). */
async function recordedCounts(): Promise<Map<string, number>> {
  const rows = await testDb.db.select({ to: mailOutbox.to, subject: mailOutbox.subject, state: mailOutbox.state }).from(mailOutbox).where(gte(mailOutbox.createdAt, started));
  const counts = new Map<string, number>();
  for (const row of rows) {
    expect(row.state, `${row.to} | ${row.subject}`).toBe("delivered");
    counts.set(`${row.to} | ${row.subject}`, (counts.get(`${row.to} | ${row.subject}`) ?? 0) + 1);
  }
  return counts;
}

beforeAll(async () => {
  recorder = await startHttpRecorder();
  persistDir = mkdtempSync(path.join(os.tmpdir(), "babysteps-outbox-"));
  stack = await startStack({
    port: await freePort(),
    persistDir,
    appEnv: "test",
    mail: { url: `${recorder.origin}${MAIL_PATH}`, key: "re_outbox_test", from: "BabySteps <hello@example.test>" },
    vars: { OUTBOX_RETRY_SPEEDUP: String(SPEEDUP) },
    demoPhotos: false,
    logFile: path.join(persistDir, "worker.log"),
  });
  testDb = openNodeDb(stack.database.databaseUrl, stack.database.wsProxy);
  const [pregnancy] = await testDb.db.select({ id: pregnancies.id }).from(pregnancies).where(eq(pregnancies.title, "Our Little Bean's Journey"));
  pregnancyId = pregnancy!.id;
}, 180_000);

afterAll(async () => {
  await testDb?.close();
  await stack?.stop();
  await recorder?.close();
  if (persistDir && !process.env.KEEP_API_LOG) rmSync(persistDir, { recursive: true, force: true });
});

describe("the outbox when the mail API fails", () => {
  it("delivers every mail exactly once after five minutes of outage: a sign-up code, an invitation, a gift card, an RSVP, the room's opening, a birth and the digests", async () => {
    const [olivia, sam] = await Promise.all([signedIn("olivia"), signedIn("sam")]);
    recorder.failWith(503);
    const outageStarted = Date.now();

    // A sign-up's confirmation code.
    const newcomer = uniqueEmail("outboxsignup");
    expect((await new ApiClient(stack.url).postJson("/api/auth/sign-up/email", { email: newcomer, password: "correct-horse-1", name: "New Comer", firstName: "New", lastName: "Comer" })).ok).toBe(true);
    // An invitation to a new guest.
    const invitee = uniqueEmail("outboxinvitee");
    await olivia.trpc.invitations.inviteGuest.mutate({ pregnancyId, email: invitee, firstName: "Ivy", privacyLevel: "friends" });
    // A gift card bought and paid for: its code's mail comes from the payment's webhook.
    const buyer = new ApiClient(stack.url);
    const purchaserEmail = uniqueEmail("outboxbuyer");
    const { url } = await buyer.trpc.giftCards.createCheckout.mutate({ planType: "base", months: 3, purchaserEmail });
    expect((await buyer.fetch(`/dev/checkout/${sessionIdOf(url)}/pay`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" })).status).toBe(303);
    // Sam answers the baby shower: the parents hear of it.
    const [shower] = await testDb.db.select({ id: calendarEvents.id }).from(calendarEvents).where(and(eq(calendarEvents.pregnancyId, pregnancyId), eq(calendarEvents.title, "Baby shower")));
    await sam.trpc.calendar.rsvp.mutate({ pregnancyId, eventId: shower!.id, status: "attending" });
    // The waiting room opens, and a baby is here.
    await olivia.trpc.waitingRoom.activate.mutate({ pregnancyId });
    await olivia.trpc.waitingRoom.babyHere.mutate({ pregnancyId, timeZone: "UTC" });
    // Monday's digest, on the test clock.
    const monday = new Date(`${startOfWeek(todayIso())}T09:00:00Z`);
    const digest = await fetch(new URL("/api/dev/weekly-digest", stack.url), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ now: monday.toISOString() }) });
    expect(((await digest.json()) as { failed: number }).failed).toBe(0);

    // Still down: nothing has been delivered, every attempt was refused.
    expect(deliveredCounts().size).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, outageStarted + OUTAGE_MS - Date.now())));
    const refused = recorder.requests.filter((r) => r.status === 503).length;
    recorder.failWith(null);
    await waitUntilSettled();

    const delivered = deliveredCounts();
    expect(delivered).toEqual(await recordedCounts());
    for (const [mail, times] of delivered) expect(times, mail).toBe(1);
    const subjectsTo = (email: string) => [...delivered.keys()].filter((key) => key.startsWith(`${email.toLowerCase()} | `)).map((key) => key.split(" | ")[1]);
    expect(subjectsTo(newcomer)).toEqual(["Confirm your email"]);
    expect(subjectsTo(invitee)).toEqual([expect.stringContaining("invited you to follow")]);
    expect(subjectsTo(purchaserEmail)).toEqual([expect.stringMatching(/gift/i)]);
    expect(subjectsTo(demoMember("olivia").email)).toEqual(expect.arrayContaining(["Sam Lee answered: Attending", expect.stringContaining("your week")]));
    expect(subjectsTo(demoMember("grandma").email)).toEqual(expect.arrayContaining([expect.stringContaining("the waiting room is open"), expect.stringMatching(/here/i), expect.stringContaining("your week")]));
    // The outage was real: each of them was refused at least once first.
    expect(refused).toBeGreaterThanOrEqual(delivered.size);
  }, 120_000);

  it("loses none and sends none twice when the consumer is stopped mid-batch and started again", async () => {
    const before = new Set(deliveredCounts().keys());
    const olivia = await signedIn("olivia");
    // A slow mail API: the stop lands while the batch's sends are in flight.
    recorder.delayAnswers(3000);
    const inFlight = recorder.requests.length;
    await olivia.trpc.waitingRoom.postUpdate.mutate({ pregnancyId, id: crypto.randomUUID(), content: "Both doing well, resting now." });
    const deadline = Date.now() + 20_000;
    while (recorder.requests.length === inFlight && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(recorder.requests.length).toBeGreaterThan(inFlight);
    await stack.restartWorker();
    recorder.delayAnswers(0);
    // The stopped consumer never recorded them: they wait for the sweep, once they are late.
    expect(await unsettled()).toBeGreaterThan(0);
    const deadlineSweep = Date.now() + SETTLE_TIMEOUT_MS;
    while ((await unsettled()) > 0 && Date.now() < deadlineSweep) {
      expect((await fetch(`${stack.url}/__scheduled?cron=${encodeURIComponent("* * * * *")}`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await waitUntilSettled();

    const delivered = deliveredCounts();
    expect(delivered).toEqual(await recordedCounts());
    for (const [mail, times] of delivered) expect(times, mail).toBe(1);
    const updates = [...delivered.keys()].filter((key) => !before.has(key));
    expect(updates).toContain(`${demoMember("grandma").email} | Our Little Bean's Journey: a new update from the waiting room`);
  }, 120_000);

  it("moves a mail that fails every attempt to the dead-letter queue, marks its row dead, and the operator's re-drive sends it once", async () => {
    // Every delay of the schedule a second: the last attempt comes within seconds.
    await stack.restartWorker({ OUTBOX_RETRY_SPEEDUP: String(OUTBOX_RETRY_DELAYS_SECONDS.at(-1)) });
    recorder.failWith(500);
    const email = uniqueEmail("outboxdead");
    expect((await new ApiClient(stack.url).postJson("/api/auth/sign-up/email", { email, password: "correct-horse-1", name: "Dee Dead", firstName: "Dee", lastName: "Dead" })).ok).toBe(true);
    const row = () => testDb.db.select({ id: mailOutbox.id, state: mailOutbox.state, attempts: mailOutbox.attempts, lastError: mailOutbox.lastError }).from(mailOutbox).where(eq(mailOutbox.to, email.toLowerCase()));
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    while ((await row())[0]?.state !== "dead" && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    const [dead] = await row();
    expect(dead).toMatchObject({ state: "dead", attempts: OUTBOX_MAX_RETRIES + 1, lastError: "answered 500" });
    expect(recorder.requests.filter((r) => r.body.includes(email.toLowerCase()))).toHaveLength(OUTBOX_MAX_RETRIES + 1);
    // The dead-letter queue's consumer received it.
    const deadLetter = new RegExp(`message dead after its last attempt.*${dead!.id}`);
    const log = () => readFileSync(path.join(persistDir, "worker.log"), "utf8");
    while (!deadLetter.test(log()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(log()).toMatch(deadLetter);

    // The API is back; the operator re-drives, as README says.
    recorder.failWith(null);
    // Not execFileSync: the database (PGlite) answers from this process.
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/outbox.ts", "redrive"], { env: { ...process.env, DATABASE_URL: stack.database.databaseUrl, LOCAL_WS_PROXY: stack.database.wsProxy }, encoding: "utf8" });
    expect(stdout).toContain("Re-driven: 1 mails and 0 pushes");
    while ((await row())[0]?.state !== "delivered" && Date.now() < deadline) {
      expect((await fetch(`${stack.url}/__scheduled?cron=${encodeURIComponent("* * * * *")}`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect((await row())[0]?.state).toBe("delivered");
    expect(mailsIn(recorder.requests, MAIL_PATH).filter((mail) => mail.to === email.toLowerCase())).toHaveLength(1);
  }, 120_000);

  it("sends nothing no longer wanted when its turn comes: a relative removed, a switch turned off, a loss recorded since", async () => {
    const [olivia, sam] = await Promise.all([signedIn("olivia"), signedIn("sam")]);
    const since = new Date();
    recorder.failWith(503);
    await olivia.trpc.waitingRoom.postUpdate.mutate({ pregnancyId, id: crypto.randomUUID(), content: "Resting now, thank you all." });
    const [maya] = await testDb.db
      .select({ participantId: pregnancyParticipants.id })
      .from(pregnancyParticipants)
      .innerJoin(users, eq(users.id, pregnancyParticipants.userId))
      .where(and(eq(pregnancyParticipants.pregnancyId, pregnancyId), eq(users.email, demoMember("maya").email)));
    await olivia.trpc.participants.remove.mutate({ pregnancyId, participantId: maya!.participantId });
    await sam.trpc.account.setNotificationPreferences.mutate({ emailInvitations: true, emailRsvps: true, waitingRoomActivation: false, weeklyDigest: true });
    await olivia.trpc.pregnancyLoss.record.mutate({ pregnancyId });
    recorder.failWith(null);
    await waitUntilSettled();

    const subject = "Our Little Bean's Journey: a new update from the waiting room";
    const rows = await testDb.db
      .select({ to: mailOutbox.to, state: mailOutbox.state, reason: mailOutbox.lastError })
      .from(mailOutbox)
      .where(and(gte(mailOutbox.createdAt, since), eq(mailOutbox.subject, subject)));
    expect(Object.fromEntries(rows.map((row) => [row.to, [row.state, row.reason]]))).toEqual({
      [demoMember("grandma").email]: ["cancelled", "a loss was recorded"],
      [demoMember("maya").email]: ["cancelled", "no longer taking part"],
      [demoMember("sam").email]: ["cancelled", "waitingRoomActivation turned off"],
    });
    // Only the update of the earlier test ever reached the mail API.
    expect(mailsIn(recorder.requests, MAIL_PATH).filter((mail) => mail.subject === subject && mail.to === demoMember("grandma").email)).toHaveLength(1);
  }, 120_000);
});
