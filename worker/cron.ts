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

/** Every minute; one job failing does not hold the other back. */
export async function runScheduledJobs(env: Bindings, now: Date): Promise<void> {
  await Promise.all([closeDueSessions(env, now, (pregnancyId, event) => tellRoom(env, pregnancyId, event)), removeUnsentRoomImages(env, now)]);
}
