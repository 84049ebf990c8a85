import { and, eq, lte } from "drizzle-orm";
import { waitingRoomClosedNotice } from "../../src/domain/waitingRoom";
import type { Db } from "../db";
import { waitingRoomMessages, waitingRoomSessions } from "../db/schema";

export interface ClosedSession {
  id: string;
  pregnancyId: string;
  reason: "false-alarm" | "baby-here" | "scheduled";
}

/**
 * Deactivates every active session whose scheduled close has passed and posts the closing notice
 * as a system message (no author), in one transaction so a session is never closed silently.
 */
export async function closeDueWaitingRoomSessions(db: Db, now: Date): Promise<ClosedSession[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .update(waitingRoomSessions)
      .set({ isActive: false, closedAt: now })
      .where(and(eq(waitingRoomSessions.isActive, true), lte(waitingRoomSessions.scheduledCloseAt, now)))
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
