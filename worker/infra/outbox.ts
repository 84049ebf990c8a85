/**
 * Writing to the durable outbox (src/domain/outbox.ts): a mail or push is a row, written through the
 * executor the caller passes (its transaction, so a refused change leaves no mail) or the request's
 * own database. What a request or job wrote is enqueued once it is over, after its commit; a row
 * whose enqueue was lost is the sweep's (worker/services/outboxDelivery.ts).
 */
import { QUEUE_SEND_BATCH, type OutboxChannel, type OutboxMessage, type OutboxTopic } from "../../src/domain/outbox";
import type { PushPayload } from "../../src/domain/push";
import type { Db, Executor } from "../db";
import { mailOutbox, pushOutbox } from "../db/schema";
import type { Bindings } from "../env";
import { logEvent } from "./log";
import type { Mail } from "./mailer";

export interface OutboxOptions {
  /** What kind of message it is: which checks it must still pass when sent. Default "account". */
  topic?: OutboxTopic;
  /** The account it is for: a deleted account takes its unsent messages with it. */
  recipientUserId?: string | null;
  /** The pregnancy it is about: the recipient must still take part when it is sent. */
  pregnancyId?: string | null;
  /** Writing the same key again stores nothing (a webhook delivered twice); default a fresh one. */
  key?: string;
  /** The transaction the causing change runs in; default the request's database. */
  db?: Executor;
}

/** Everything that sends mail goes through this one interface. */
export interface Mailer {
  send(mail: Mail, options?: OutboxOptions): Promise<void>;
}

export interface PushRecord {
  endpoint: string;
  payload: PushPayload;
  options: OutboxOptions;
}

export interface Outbox extends Mailer {
  /** Several mails in one statement (a fan-out), in one executor. */
  sendMany(mails: ReadonlyArray<{ mail: Mail; options?: Omit<OutboxOptions, "db"> }>, db?: Executor): Promise<void>;
  push(pushes: readonly PushRecord[], db?: Executor): Promise<void>;
  /** Enqueues what was written: called once the request or job is over. */
  flush(): Promise<void>;
}

const rowOf = ({ topic, recipientUserId, pregnancyId, key }: OutboxOptions) => ({
  topic: topic ?? "account",
  recipientUserId: recipientUserId ?? null,
  pregnancyId: pregnancyId ?? null,
  ...(key ? { idempotencyKey: key } : {}),
});

/** Sends messages to a queue in batches it accepts. */
export async function enqueue<T>(queue: Queue<T>, bodies: readonly T[]): Promise<void> {
  for (let start = 0; start < bodies.length; start += QUEUE_SEND_BATCH) {
    await queue.sendBatch(bodies.slice(start, start + QUEUE_SEND_BATCH).map((body) => ({ body })));
  }
}

export function createOutbox(env: Pick<Bindings, "OUTBOX">, db: Db): Outbox {
  const written: OutboxMessage[] = [];
  const note = (channel: OutboxChannel, ids: ReadonlyArray<{ id: string }>) => written.push(...ids.map(({ id }) => ({ channel, id })));
  const sendMany: Outbox["sendMany"] = async (mails, executor = db) => {
    if (mails.length === 0) return;
    const rows = mails.map(({ mail, options = {} }) => ({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers ?? null, ...rowOf(options) }));
    note("mail", await executor.insert(mailOutbox).values(rows).onConflictDoNothing({ target: mailOutbox.idempotencyKey }).returning({ id: mailOutbox.id }));
  };
  return {
    send: (mail, options = {}) => sendMany([{ mail, options }], options.db),
    sendMany,
    async push(pushes, executor = db) {
      if (pushes.length === 0) return;
      const rows = pushes.map(({ endpoint, payload, options }) => ({ endpoint, payload, ...rowOf(options) }));
      note("push", await executor.insert(pushOutbox).values(rows).onConflictDoNothing({ target: pushOutbox.idempotencyKey }).returning({ id: pushOutbox.id }));
    },
    async flush() {
      const messages = written.splice(0);
      if (messages.length === 0) return;
      try {
        await enqueue(env.OUTBOX, messages);
      } catch (error) {
        // Stored rows are not lost: the sweep enqueues them once they are late.
        logEvent("error", "outbox enqueue failed", { messages: messages.length, error: String(error) });
      }
    },
  };
}
