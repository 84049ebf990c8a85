import { RETENTION_CRON } from "../src/domain/retention";
import { WEEKLY_DIGEST_CRON } from "../src/domain/weeklyDigest";
import { requestScope } from "./context";
import type { RequestScope } from "./services/caller";
import { runRetention } from "./services/retention";
import { runServiceEndNotices } from "./services/serviceEnd";
import { runWeeklyDigest } from "./services/weeklyDigest";
import { sweepOutbox } from "./services/outboxDelivery";
import { resweepPhotoCopies } from "./services/photoCopies";
import { removeUnsentImages } from "./services/waitingRoomImages";
import { closeDueSessions } from "./services/waitingRoomClosing";
import { createDb, createPool } from "./db";
import type { Bindings } from "./env";
import { tellRoom } from "./infra/rooms";

/** Deletes waiting-room images that were uploaded but never sent, a day on (they count in storage and quotas). */
async function removeUnsentRoomImages(env: Bindings, now: Date): Promise<void> {
  const pool = createPool(env.DATABASE_URL, env.LOCAL_WS_PROXY);
  try {
    await removeUnsentImages(createDb(pool), env.PHOTOS, now);
  } finally {
    await pool.end();
  }
}

/** A job with the scope a request would have (mail links use the public origin), on a pool of its own. */
async function withJobScope(env: Bindings, now: Date, waitUntil: (promise: Promise<unknown>) => void, job: (scope: RequestScope) => Promise<unknown>): Promise<void> {
  const pool = createPool(env.DATABASE_URL, env.LOCAL_WS_PROXY);
  const scope = requestScope(env, createDb(pool), env.BETTER_AUTH_URL ?? "", waitUntil, now);
  try {
    await job(scope);
  } finally {
    // Whatever the job recorded before it stopped is enqueued (the sweep would, later).
    await scope.outbox.flush();
    await pool.end();
  }
}

/**
 * Each trigger in wrangler.toml: the daily job (retention, the service-end notices), the hourly weekly digest, or every
 * minute's jobs (waiting-room closes, unsent images, the outbox's sweep, photos still owed copies); one job failing does not hold another back.
 */
export async function runScheduledJobs(env: Bindings, now: Date, cron: string, waitUntil: (promise: Promise<unknown>) => void): Promise<void> {
  if (cron === RETENTION_CRON) {
    return withJobScope(env, now, waitUntil, async (scope) => {
      // Both parts run whatever the other does; a failure still fails the run, once both are done.
      const failed = (await Promise.allSettled([runRetention(scope, now), runServiceEndNotices(scope, now)])).find((result) => result.status === "rejected");
      if (failed) throw failed.reason;
    });
  }
  if (cron === WEEKLY_DIGEST_CRON) return withJobScope(env, now, waitUntil, (scope) => runWeeklyDigest(scope, now));
  await Promise.all([
    closeDueSessions(env, now, (pregnancyId, event) => tellRoom(env, pregnancyId, event)),
    removeUnsentRoomImages(env, now),
    withJobScope(env, now, waitUntil, (scope) => sweepOutbox(scope.db, env, now)),
    withJobScope(env, now, waitUntil, (scope) => resweepPhotoCopies(scope.db, env, now)),
  ]);
}
