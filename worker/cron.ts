import type { RoomEvent } from "../party/protocol";
import { closeDueWaitingRoomSessions } from "./routers/waitingRoom.service";
import { removeUnsentImages } from "./routers/waitingRoomImages.service";
import { createDb, createPool } from "./db";
import type { Bindings } from "./env";
import { tellRoom } from "./http/rooms";

/**
 * Closes waiting-room sessions whose scheduled close has passed (false alarm after 2 h, baby here
 * after 4 h), in the database first, then tells each pregnancy's room. The cron runs it for every
 * pregnancy; a room's own alarm runs it for its pregnancy only, as the backup.
 */
export async function closeDueSessions(
  env: Pick<Bindings, "DATABASE_URL" | "LOCAL_WS_PROXY">,
  now: Date,
  tell: (pregnancyId: string, event: RoomEvent) => Promise<unknown>,
  pregnancyId?: string,
): Promise<void> {
  const pool = createPool(env.DATABASE_URL, env.LOCAL_WS_PROXY);
  try {
    const closed = await closeDueWaitingRoomSessions(createDb(pool), now, pregnancyId);
    await Promise.all(closed.map((session) => tell(session.pregnancyId, { kind: "session-closed", sessionId: session.id, reason: session.reason })));
  } finally {
    await pool.end();
  }
}

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
