/**
 * The Worker's queue consumers (wrangler.toml [[queues.consumers]]), by queue: the outbox's mail
 * and push, the weekly digest's recipients, the photo copies, and the dead-letter queue where messages go after their
 * last attempt. Each batch runs on a pool of its own, like a scheduled job.
 */
import { type OutboxMessage, QUEUE_NAMES, retryDelaySeconds } from "../src/domain/outbox";
import type { DigestMessage } from "../src/domain/weeklyDigest";
import { requestScope } from "./context";
import { createDb, createPool, type Db } from "./db";
import type { Bindings } from "./env";
import { logEvent } from "./infra/log";
import { deliverOutboxBatch, markDead, retrySpeedup } from "./services/outboxDelivery";
import { composeDigestPage, releaseDigestPage } from "./services/weeklyDigest";
import { PHOTO_COPIES_QUEUE, type PhotoCopyMessage } from "../src/domain/photos";
import { abandonPhotoCopies, consumePhotoCopies } from "./services/photoCopies";

async function withDb(env: Bindings, work: (db: Db) => Promise<void>): Promise<void> {
  const pool = createPool(env.DATABASE_URL, env.LOCAL_WS_PROXY);
  try {
    await work(createDb(pool));
  } finally {
    await pool.end();
  }
}

const isOutboxMessage = (body: unknown): body is OutboxMessage => typeof body === "object" && body !== null && "channel" in body && "id" in body;
const isDigestMessage = (body: unknown): body is DigestMessage => typeof body === "object" && body !== null && "at" in body && "from" in body && "to" in body;
const isPhotoCopyMessage = (body: unknown): body is PhotoCopyMessage => typeof body === "object" && body !== null && "photoId" in body;

/** Each page's digests composed at its run's moment; a page with a failure is retried (what was composed stays). */
async function composeDigests(env: Bindings, batch: MessageBatch<DigestMessage>, waitUntil: (promise: Promise<unknown>) => void): Promise<void> {
  await withDb(env, async (db) => {
    const scope = requestScope(env, db, env.BETTER_AUTH_URL ?? "", waitUntil);
    try {
      for (const message of batch.messages) {
        const outcomes = await composeDigestPage(scope, message.body);
        if (outcomes.includes("failed")) message.retry({ delaySeconds: retryDelaySeconds(message.attempts, retrySpeedup(env)) });
        else message.ack();
      }
    } finally {
      await scope.outbox.flush();
    }
  });
}

/** After the last attempt: the row says dead (re-drive: README), a digest's claim is released for the next hour. */
async function settleDeadLetters(env: Bindings, batch: MessageBatch): Promise<void> {
  await withDb(env, async (db) => {
    for (const message of batch.messages) {
      if (isOutboxMessage(message.body)) await markDead(db, message.body);
      else if (isDigestMessage(message.body)) await releaseDigestPage(db, message.body);
      else if (isPhotoCopyMessage(message.body)) await abandonPhotoCopies(db, env, message.body);
      logEvent("error", "message dead after its last attempt", { body: message.body });
    }
  });
}

export async function handleQueue(batch: MessageBatch, env: Bindings, ctx: ExecutionContext): Promise<void> {
  switch (batch.queue) {
    case QUEUE_NAMES.outbox:
      return withDb(env, (db) => deliverOutboxBatch(db, env, batch as MessageBatch<OutboxMessage>));
    case QUEUE_NAMES.digest:
      return composeDigests(env, batch as MessageBatch<DigestMessage>, (promise) => ctx.waitUntil(promise));
    case PHOTO_COPIES_QUEUE:
      return withDb(env, (db) => consumePhotoCopies(db, env, batch as MessageBatch<PhotoCopyMessage>));
    case QUEUE_NAMES.deadLetters:
      return settleDeadLetters(env, batch);
    default:
      logEvent("error", "message from an unknown queue", { queue: batch.queue, messages: batch.messages.length });
      batch.retryAll();
  }
}
