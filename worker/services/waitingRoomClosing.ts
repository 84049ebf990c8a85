import { and, eq, lte } from "drizzle-orm";
import type { RoomEvent } from "../../src/domain/pregnancyRoom";
import { waitingRoomClosedNotice } from "../../src/domain/waitingRoom";
import { createDb, createPool, type Db } from "../db";
import { waitingRoomMessages, waitingRoomSessions } from "../db/schema";

/**
 * Closing due waiting-room sessions, on its own: the pregnancy room's alarm runs it as the cron's
 * backup, and a Durable Object should load no more than this (no mail, no other services).
 */

export interface ClosedSession {
  id: string;
  pregnancyId: string;
  reason: "false-alarm" | "baby-here" | "scheduled";
}

/**
 * Deactivates every active session whose scheduled close has passed (only `pregnancyId`'s when
 * given: a room's own alarm) and posts the closing notice as a system message (no author), in one
 * transaction so a session is never closed silently. The conditional update closes a session once
 * however many runs (cron or alarm) overlap: a later run no longer finds it active.
 */
export async function closeDueWaitingRoomSessions(db: Db, now: Date, pregnancyId?: string): Promise<ClosedSession[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .update(waitingRoomSessions)
      .set({ isActive: false, closedAt: now })
      .where(
        and(
          eq(waitingRoomSessions.isActive, true),
          lte(waitingRoomSessions.scheduledCloseAt, now),
          pregnancyId ? eq(waitingRoomSessions.pregnancyId, pregnancyId) : undefined,
        ),
      )
      .returning({
        id: waitingRoomSessions.id,
        pregnancyId: waitingRoomSessions.pregnancyId,
        isFalseAlarm: waitingRoomSessions.isFalseAlarm,
        isBabyHere: waitingRoomSessions.isBabyHere,
      });
    const closed = due.map((s): ClosedSession => ({
      id: s.id,
      pregnancyId: s.pregnancyId,
      reason: s.isFalseAlarm ? "false-alarm" : s.isBabyHere ? "baby-here" : "scheduled",
    }));
    if (closed.length > 0) {
      await tx.insert(waitingRoomMessages).values(
        closed.map((s) => ({
          id: crypto.randomUUID(),
          pregnancyId: s.pregnancyId,
          kind: "parent_update" as const,
          content: waitingRoomClosedNotice(s.reason),
          createdAt: now,
        })),
      );
    }
    return closed;
  });
}

/** What closing needs of the environment: the database only. */
export interface ClosingEnv {
  DATABASE_URL: string;
  LOCAL_WS_PROXY?: string;
}

/**
 * Closes waiting-room sessions whose scheduled close has passed (false alarm after 2 h, baby here
 * after 4 h), in the database first, then tells each pregnancy's room. The cron runs it for every
 * pregnancy; a room's own alarm runs it for its pregnancy only, as the backup.
 */
export async function closeDueSessions(env: ClosingEnv, now: Date, tell: (pregnancyId: string, event: RoomEvent) => Promise<unknown>, pregnancyId?: string): Promise<void> {
  const pool = createPool(env.DATABASE_URL, env.LOCAL_WS_PROXY);
  try {
    const closed = await closeDueWaitingRoomSessions(createDb(pool), now, pregnancyId);
    await Promise.all(closed.map((session) => tell(session.pregnancyId, { kind: "session-closed", sessionId: session.id, reason: session.reason })));
  } finally {
    await pool.end();
  }
}
