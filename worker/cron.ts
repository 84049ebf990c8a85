import { RETENTION_CRON } from "../src/domain/retention";
import { WEEKLY_DIGEST_CRON } from "../src/domain/weeklyDigest";
import { withJobScope } from "./context";
import type { RequestScope } from "./services/caller";
import { runRetention } from "./services/retention";
import { runServiceEndNotices } from "./services/serviceEnd";
import { runWeeklyDigest } from "./services/weeklyDigest";
import { sweepOutbox } from "./services/outboxDelivery";
import { resweepPhotoCopies } from "./services/photoCopies";
import { removeUnsentImages } from "./services/waitingRoomImages";
import { closeDueSessions } from "./services/waitingRoomClosing";
import type { Bindings } from "./env";
import { tellRoom } from "./infra/rooms";

/**
 * Each trigger in wrangler.toml: the daily job (retention, the service-end notices), the hourly weekly digest, or every
 * minute's jobs (waiting-room closes, unsent images, the outbox's sweep, photos still owed copies); one job failing does not hold another back.
 */
export async function runScheduledJobs(env: Bindings, now: Date, cron: string, waitUntil: (promise: Promise<unknown>) => void): Promise<void> {
  if (cron === RETENTION_CRON) {
    return withJobScope(
      env,
      waitUntil,
      async (scope) => {
        // Both parts run whatever the other does; a failure still fails the run, once both are done.
        const failed = (await Promise.allSettled([runRetention(scope, now), runServiceEndNotices(scope, now)])).find((result) => result.status === "rejected");
        if (failed) throw failed.reason;
      },
      now,
    );
  }
  if (cron === WEEKLY_DIGEST_CRON) {
    await withJobScope(env, waitUntil, (scope) => runWeeklyDigest(scope, now), now);
    return;
  }
  // Each on a pool of its own: one failing does not hold another back.
  const job = (work: (scope: RequestScope) => Promise<unknown>) => withJobScope(env, waitUntil, work, now);
  await Promise.all([
    closeDueSessions(env, now, (pregnancyId, event) => tellRoom(env, pregnancyId, event)),
    // Waiting-room images uploaded but never sent go a day on (they count in storage and quotas).
    job((scope) => removeUnsentImages(scope.db, env.PHOTOS, now)),
    job((scope) => sweepOutbox(scope.db, env, now)),
    job((scope) => resweepPhotoCopies(scope.db, env, now)),
  ]);
}
