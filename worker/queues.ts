/**
 * The Worker's queue consumers (wrangler.toml [[queues.consumers]]), by queue: the outbox's mail
 * and push, the weekly digest's recipients, the photo copies, and the dead-letter queue where messages go after their
 * last attempt. Each batch runs in a job's scope (worker/context.ts), like a scheduled job.
 */
import { type OutboxMessage, QUEUE_NAMES, retryDelaySeconds } from "../src/domain/outbox";
import type { DigestMessage } from "../src/domain/weeklyDigest";
import { withJobScope } from "./context";
import type { RequestScope } from "./services/caller";
import type { Bindings } from "./env";
import { logEvent } from "./infra/log";
import { deliverOutboxBatch, markDead, retrySpeedup } from "./services/outboxDelivery";
import { composeDigestPage, releaseDigestPage } from "./services/weeklyDigest";
import { PHOTO_COPIES_QUEUE, type PhotoCopyMessage } from "../src/domain/photos";
import { abandonPhotoCopies, consumePhotoCopies } from "./services/photoCopies";

const isOutboxMessage = (body: unknown): body is OutboxMessage => typeof body === "object" && body !== null && "channel" in body && "id" in body;
const isDigestMessage = (body: unknown): body is DigestMessage => typeof body === "object" && body !== null && "at" in body && "from" in body && "to" in body;
const isPhotoCopyMessage = (body: unknown): body is PhotoCopyMessage => typeof body === "object" && body !== null && "photoId" in body;

/** Each page's digests composed at its run's moment; a page with a failure is retried (what was composed stays). */
async function composeDigests(scope: RequestScope, batch: MessageBatch<DigestMessage>): Promise<void> {
  for (const message of batch.messages) {
    const outcomes = await composeDigestPage(scope, message.body);
    if (outcomes.includes("failed")) message.retry({ delaySeconds: retryDelaySeconds(message.attempts, retrySpeedup(scope.env)) });
    else message.ack();
  }
}

/** After the last attempt: the row says dead (re-drive: README), a digest's claim is released for the next hour. */
async function settleDeadLetters({ db, env }: RequestScope, batch: MessageBatch): Promise<void> {
  for (const message of batch.messages) {
    if (isOutboxMessage(message.body)) await markDead(db, message.body);
    else if (isDigestMessage(message.body)) await releaseDigestPage(db, message.body);
    else if (isPhotoCopyMessage(message.body)) await abandonPhotoCopies(db, env, message.body);
    logEvent("error", "message dead after its last attempt", { body: message.body });
  }
}

/** Which consumer a queue's batch goes to. */
function consumerOf(queue: string): ((scope: RequestScope, batch: MessageBatch) => Promise<void>) | null {
  switch (queue) {
    case QUEUE_NAMES.outbox:
      return ({ db, env }, batch) => deliverOutboxBatch(db, env, batch as MessageBatch<OutboxMessage>);
    case QUEUE_NAMES.digest:
      return (scope, batch) => composeDigests(scope, batch as MessageBatch<DigestMessage>);
    case PHOTO_COPIES_QUEUE:
      return ({ db, env }, batch) => consumePhotoCopies(db, env, batch as MessageBatch<PhotoCopyMessage>);
    case QUEUE_NAMES.deadLetters:
      return settleDeadLetters;
    default:
      return null;
  }
}

export async function handleQueue(batch: MessageBatch, env: Bindings, ctx: ExecutionContext): Promise<void> {
  const consume = consumerOf(batch.queue);
  if (!consume) {
    logEvent("error", "message from an unknown queue", { queue: batch.queue, messages: batch.messages.length });
    return batch.retryAll();
  }
  await withJobScope(env, (promise) => ctx.waitUntil(promise), (scope) => consume(scope, batch));
}
