import { getServerByName } from "partyserver";
import { closeDueWaitingRoomSessions } from "./routers/waitingRoom.service";
import { createDb, createPool } from "./db";
import type { Bindings } from "./env";

/**
 * Every minute: close waiting-room sessions whose scheduled close has passed (false alarm after
 * 2 h, baby here after 4 h), in the database first, then tell each pregnancy's room.
 */
export async function runScheduledJobs(env: Bindings, now: Date): Promise<void> {
  const pool = createPool(env.DATABASE_URL, env.LOCAL_WS_PROXY);
  try {
    const closed = await closeDueWaitingRoomSessions(createDb(pool), now);
    await Promise.all(
      closed.map(async (session) => {
        const room = await getServerByName(env.WaitingRoom, session.pregnancyId);
        await room.announce({ kind: "session-closed", sessionId: session.id, reason: session.reason });
      }),
    );
  } finally {
    await pool.end();
  }
}
