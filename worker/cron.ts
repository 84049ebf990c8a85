import { closeDueWaitingRoomSessions } from "./routers/waitingRoom.service";
import { createDb, createPool } from "./db";
import type { Bindings } from "./env";
import { tellRoom } from "./http/rooms";

/**
 * Every minute: close waiting-room sessions whose scheduled close has passed (false alarm after
 * 2 h, baby here after 4 h), in the database first, then tell each pregnancy's room.
 */
export async function runScheduledJobs(env: Bindings, now: Date): Promise<void> {
  const pool = createPool(env.DATABASE_URL, env.LOCAL_WS_PROXY);
  try {
    const closed = await closeDueWaitingRoomSessions(createDb(pool), now);
    await Promise.all(
      closed.map((session) => tellRoom(env, session.pregnancyId, { kind: "session-closed", sessionId: session.id, reason: session.reason })),
    );
  } finally {
    await pool.end();
  }
}
