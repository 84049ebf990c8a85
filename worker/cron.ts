import { RETENTION_CRON } from "../src/domain/retention";
import { requestScope } from "./context";
import { runRetention } from "./services/retention";
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

/** The daily retention job, with the scope a request would have (mail links use the public origin). */
async function retention(env: Bindings, now: Date, waitUntil: (promise: Promise<unknown>) => void): Promise<void> {
  const pool = createPool(env.DATABASE_URL, env.LOCAL_WS_PROXY);
  try {
    await runRetention(requestScope(env, createDb(pool), env.BETTER_AUTH_URL ?? "", waitUntil), now);
  } finally {
    await pool.end();
  }
}

/** Each trigger in wrangler.toml: the daily retention job, or every minute's; one job failing does not hold another back. */
export async function runScheduledJobs(env: Bindings, now: Date, cron: string, waitUntil: (promise: Promise<unknown>) => void): Promise<void> {
  if (cron === RETENTION_CRON) return retention(env, now, waitUntil);
  await Promise.all([closeDueSessions(env, now, (pregnancyId, event) => tellRoom(env, pregnancyId, event)), removeUnsentRoomImages(env, now)]);
}
