/**
 * The outbox's consumer and its sweep (issue 39; states and schedule in src/domain/outbox.ts). Each
 * queue message names a row: the consumer claims it, checks it is still wanted, sends it, and records
 * the outcome before the message is acknowledged. A delivered row is never sent again; a mail sent
 * again after a consumer died carries the same Idempotency-Key, so it arrives once.
 */
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import {
  OUTBOX_CLAIM_SECONDS,
  OUTBOX_MAX_RETRIES,
  outcomeOfStatus,
  type OutboxChannel,
  type OutboxMessage,
  type OutboxTopic,
  type RecipientFacts,
  retryDelaySeconds,
  type SendOutcome,
  scaledSeconds,
  SWEEP_BATCH,
  SWEEP_GRACE_SECONDS,
  unwantedBecause,
} from "../../src/domain/outbox";
import { effectivePermissions } from "../../src/domain/permissions";
import { PUSH_TOPIC_OF, type PushPayload } from "../../src/domain/push";
import { isDevEnvironment } from "../config";
import type { Db, Executor } from "../db";
import { mailOutbox, pregnancies, pregnancyParticipants, pushOutbox, pushSubscriptions, userPreferences, users } from "../db/schema";
import type { Bindings } from "../env";
import { logEvent } from "../infra/log";
import { createMailTransport, type MailTransport } from "../infra/mailer";
import { enqueue } from "../infra/outbox";
import { sendPush } from "../infra/webPush";
import { vapidOf } from "./push";

/** The schedule's divisor: 1 in production; a development or test stack may set OUTBOX_RETRY_SPEEDUP. */
export function retrySpeedup(env: Pick<Bindings, "APP_ENV" | "OUTBOX_RETRY_SPEEDUP">): number {
  const speedup = isDevEnvironment(env) ? Number(env.OUTBOX_RETRY_SPEEDUP ?? 1) : 1;
  return Number.isFinite(speedup) && speedup >= 1 ? speedup : 1;
}

const tableOf = (channel: OutboxChannel) => (channel === "mail" ? mailOutbox : pushOutbox);
const seconds = (now: Date, s: number) => new Date(now.getTime() + s * 1000);

interface Claimed {
  id: string;
  idempotencyKey: string;
  topic: OutboxTopic;
  recipientUserId: string | null;
  pregnancyId: string | null;
  attempts: number;
  createdAt: Date;
}

/** Takes the row for this attempt: pending, or claimed by a consumer that never finished. Null when delivered, settled or gone. */
async function claim(db: Executor, channel: OutboxChannel, id: string, now: Date, speedup: number) {
  const table = tableOf(channel);
  const claimable = and(eq(table.id, id), or(eq(table.state, "pending"), and(eq(table.state, "sending"), lt(table.claimedUntil, now))));
  const set = { state: "sending" as const, claimedUntil: seconds(now, scaledSeconds(OUTBOX_CLAIM_SECONDS, speedup)), attempts: sql`${table.attempts} + 1` };
  const base = { id: table.id, idempotencyKey: table.idempotencyKey, topic: table.topic, recipientUserId: table.recipientUserId, pregnancyId: table.pregnancyId, attempts: table.attempts, createdAt: table.createdAt };
  if (channel === "mail") {
    const [row] = await db
      .update(mailOutbox)
      .set(set)
      .where(claimable)
      .returning({ ...base, to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, html: mailOutbox.html, headers: mailOutbox.headers });
    return row ? { channel, row } : null;
  }
  const [row] = await db
    .update(pushOutbox)
    .set(set)
    .where(claimable)
    .returning({ ...base, endpoint: pushOutbox.endpoint, payload: pushOutbox.payload });
  return row ? { channel, row } : null;
}

async function settle(db: Executor, channel: OutboxChannel, id: string, patch: { state: "pending" | "delivered" | "refused" | "cancelled" | "dead"; lastError?: string; nextAttemptAt?: Date; deliveredAt?: Date }) {
  const table = tableOf(channel);
  await db
    .update(table)
    .set({ ...patch, claimedUntil: null })
    .where(and(eq(table.id, id), eq(table.state, "sending")));
}

interface Device {
  p256dh: string;
  auth: string;
  waitingRoom: boolean;
  directMessages: boolean;
  eventInvitations: boolean;
}

/** The recipient as they are now, in one statement: participation, the pregnancy's loss, switches, and the device a push is for. */
async function recipientFacts(db: Executor, row: Claimed, endpoint: string | null): Promise<(RecipientFacts & { device: Device | null }) | null> {
  if (!row.recipientUserId) return null;
  const [found] = await db
    .select({
      status: pregnancyParticipants.status,
      role: pregnancyParticipants.role,
      permissions: pregnancyParticipants.permissions,
      lossRecordedAt: pregnancies.lossRecordedAt,
      waitingRoomActivation: userPreferences.waitingRoomActivation,
      weeklyDigest: userPreferences.weeklyDigest,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      waitingRoom: pushSubscriptions.waitingRoom,
      directMessages: pushSubscriptions.directMessages,
      eventInvitations: pushSubscriptions.eventInvitations,
    })
    .from(users)
    .leftJoin(pregnancyParticipants, and(eq(pregnancyParticipants.userId, users.id), row.pregnancyId ? eq(pregnancyParticipants.pregnancyId, row.pregnancyId) : sql`false`, eq(pregnancyParticipants.status, "active")))
    .leftJoin(pregnancies, row.pregnancyId ? eq(pregnancies.id, row.pregnancyId) : sql`false`)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .leftJoin(pushSubscriptions, and(eq(pushSubscriptions.userId, users.id), endpoint ? eq(pushSubscriptions.endpoint, endpoint) : sql`false`))
    .where(eq(users.id, row.recipientUserId));
  if (!found) return null;
  const { status, role, permissions, lossRecordedAt, waitingRoomActivation, weeklyDigest, p256dh, auth, waitingRoom, directMessages, eventInvitations } = found;
  return {
    participation: status === "active" && role ? { permissions: effectivePermissions(role, permissions) } : null,
    lossRecordedAt,
    preferences: { ...(waitingRoomActivation === null ? {} : { waitingRoomActivation }), ...(weeklyDigest === null ? {} : { weeklyDigest }) },
    device: p256dh && auth ? { p256dh, auth, waitingRoom: waitingRoom ?? false, directMessages: directMessages ?? false, eventInvitations: eventInvitations ?? false } : null,
  };
}

type Attempt = { kind: "done" } | { kind: "cancelled"; reason: string } | SendOutcome;

async function sendPushRow(env: Bindings, endpoint: string, payload: PushPayload, device: Device | null): Promise<Attempt> {
  const vapid = vapidOf(env);
  if (!vapid) return { kind: "refused", reason: "push not configured" };
  if (!device) return { kind: "cancelled", reason: "device gone" };
  const topic = PUSH_TOPIC_OF[payload.kind];
  if (!device[topic]) return { kind: "cancelled", reason: `${topic} turned off on the device` };
  try {
    const urgency = topic === "eventInvitations" ? "normal" : "high";
    const status = await sendPush({ endpoint, p256dh: device.p256dh, auth: device.auth }, payload, vapid, { allowLocal: isDevEnvironment(env), urgency });
    return outcomeOfStatus(status);
  } catch (error) {
    return { kind: "retry", reason: String(error) };
  }
}

/** One attempt at one message's row; what to tell the queue comes back. */
async function attempt(db: Db, env: Bindings, transport: MailTransport, message: OutboxMessage, now: Date): Promise<Attempt & { attempts?: number }> {
  const claimed = await claim(db, message.channel, message.id, now, retrySpeedup(env));
  if (!claimed) return { kind: "done" };
  const { row } = claimed;
  const endpoint = claimed.channel === "push" ? claimed.row.endpoint : null;
  const facts = await recipientFacts(db, row, endpoint);
  if (facts) {
    const reason = unwantedBecause(row.topic, facts, row.createdAt, row.pregnancyId !== null);
    if (reason) return { kind: "cancelled", reason, attempts: row.attempts };
  } else if (row.recipientUserId || claimed.channel === "push") {
    return { kind: "cancelled", reason: "recipient gone", attempts: row.attempts };
  }
  const outcome =
    claimed.channel === "mail"
      ? await transport.deliver({ to: claimed.row.to, subject: claimed.row.subject, text: claimed.row.text, html: claimed.row.html ?? "", ...(claimed.row.headers ? { headers: claimed.row.headers } : {}) }, row.idempotencyKey)
      : await sendPushRow(env, claimed.row.endpoint, claimed.row.payload, facts?.device ?? null);
  if (outcome.kind === "refused" && outcome.gone && endpoint) await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  return { ...outcome, attempts: row.attempts };
}

/**
 * The outbox queue's consumer: the batch's messages in parallel, each settled in its row before it
 * is acknowledged or retried. A retryable failure waits its turn in the schedule; after the queue's
 * last attempt the row is marked dead and the message goes to the dead-letter queue.
 */
export async function deliverOutboxBatch(db: Db, env: Bindings, batch: MessageBatch<OutboxMessage>, now = new Date()): Promise<void> {
  const transport = createMailTransport(env);
  const speedup = retrySpeedup(env);
  await Promise.all(
    batch.messages.map(async (message) => {
      const { channel, id } = message.body;
      try {
        const result = await attempt(db, env, transport, message.body, now);
        if (result.kind === "done") return message.ack();
        if (result.kind === "sent") await settle(db, channel, id, { state: "delivered", deliveredAt: new Date() });
        else if (result.kind === "cancelled" || result.kind === "refused") await settle(db, channel, id, { state: result.kind, lastError: result.reason });
        else {
          const last = message.attempts > OUTBOX_MAX_RETRIES;
          const delay = result.afterSeconds ?? retryDelaySeconds(result.attempts ?? message.attempts, speedup);
          await settle(db, channel, id, last ? { state: "dead", lastError: result.reason } : { state: "pending", lastError: result.reason, nextAttemptAt: seconds(new Date(), delay) });
          logEvent("warn", "outbox send failed", { channel, id, attempt: message.attempts, reason: result.reason, ...(last ? { dead: true } : { retryInSeconds: delay }) });
          return message.retry({ delaySeconds: delay });
        }
        message.ack();
      } catch (error) {
        // The database or the Worker failed: the row is as it was (or its claim runs out); try again.
        logEvent("error", "outbox delivery failed", { channel, id, error: String(error) });
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts, speedup) });
      }
    }),
  );
}

/** A message the dead-letter queue received: its row says so (the consumer usually has already). */
export async function markDead(db: Executor, message: OutboxMessage): Promise<void> {
  const table = tableOf(message.channel);
  await db
    .update(table)
    .set({ state: "dead", claimedUntil: null })
    .where(and(eq(table.id, message.id), inArray(table.state, ["pending", "sending"])));
}

/**
 * Every minute: rows whose attempt is SWEEP_GRACE_SECONDS late (an enqueue lost after its commit, a
 * consumer that died with its claim) go back to pending and on the queue again. At most SWEEP_BATCH
 * per channel a minute; rows another sweep holds are skipped.
 */
export async function sweepOutbox(db: Executor, env: Bindings, now: Date): Promise<number> {
  const late = seconds(now, -scaledSeconds(SWEEP_GRACE_SECONDS, retrySpeedup(env)));
  const messages: OutboxMessage[] = [];
  for (const channel of ["mail", "push"] as const) {
    const table = tableOf(channel);
    const stale = db
      .select({ id: table.id })
      .from(table)
      .where(or(and(eq(table.state, "pending"), lt(table.nextAttemptAt, late)), and(eq(table.state, "sending"), lt(table.claimedUntil, late))))
      .limit(SWEEP_BATCH)
      .for("update", { skipLocked: true });
    const rows = await db.update(table).set({ state: "pending", claimedUntil: null, nextAttemptAt: now }).where(inArray(table.id, stale)).returning({ id: table.id });
    messages.push(...rows.map(({ id }) => ({ channel, id })));
  }
  await enqueue(env.OUTBOX, messages);
  if (messages.length > 0) logEvent("warn", "outbox sweep enqueued late messages", { messages: messages.length });
  return messages.length;
}

/**
 * The operator's re-drive (`npm run outbox -- redrive`): dead rows go back to pending with their
 * attempts counted afresh, already late, so the next minute's sweep enqueues them.
 */
export async function redriveDead(db: Executor, now: Date): Promise<{ mail: number; push: number }> {
  const late = seconds(now, -SWEEP_GRACE_SECONDS - 1);
  const counts = { mail: 0, push: 0 };
  for (const channel of ["mail", "push"] as const) {
    const table = tableOf(channel);
    const rows = await db.update(table).set({ state: "pending", attempts: 0, lastError: null, claimedUntil: null, nextAttemptAt: late }).where(eq(table.state, "dead")).returning({ id: table.id });
    counts[channel] = rows.length;
  }
  return counts;
}

/** How many rows are in each state, per channel (the operator's `npm run outbox -- status`). */
export async function outboxStatus(db: Executor) {
  const count = (channel: OutboxChannel) => {
    const table = tableOf(channel);
    return db.select({ state: table.state, rows: sql<number>`count(*)::int` }).from(table).groupBy(table.state);
  };
  const [mail, push] = await Promise.all([count("mail"), count("push")]);
  return { mail: Object.fromEntries(mail.map((r) => [r.state, r.rows])), push: Object.fromEntries(push.map((r) => [r.state, r.rows])) };
}
