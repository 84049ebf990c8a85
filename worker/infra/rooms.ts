import { and, eq } from "drizzle-orm";
import type { FeedArea, RoomEvent } from "../../src/domain/pregnancyRoom";
import type { Db } from "../db";
import { pregnancyParticipants } from "../db/schema";
import type { Bindings } from "../env";
import { logEvent } from "./log";

async function roomOf(env: Pick<Bindings, "PregnancyRoom">, pregnancyId: string) {
  // Loaded on use: partyserver needs the Workers runtime, and the router (which reaches this
  // module) is also imported in Node by the permission-matrix test.
  const { getServerByName } = await import("partyserver");
  return getServerByName(env.PregnancyRoom, pregnancyId);
}

/**
 * Tells the pregnancy's room about a committed write. A room that cannot be reached only delays
 * delivery (clients catch up from the database when they reconnect), so the failure is logged.
 */
export async function tellRoom(env: Pick<Bindings, "PregnancyRoom">, pregnancyId: string, event: RoomEvent, to?: string[]): Promise<void> {
  try {
    await (await roomOf(env, pregnancyId)).announce(event, to);
  } catch (error) {
    logEvent("error", "room not told", { room: pregnancyId, event: event.kind, error: String(error) });
  }
}

/** Tells the pregnancy's feed that posts, photos, events or registries changed; each viewer reloads what they may see. */
export const tellFeed = (env: Pick<Bindings, "PregnancyRoom">, pregnancyId: string, area: FeedArea) => tellRoom(env, pregnancyId, { kind: "feed-changed", area });

/**
 * Access changed (removed, flags or level changed, pregnancy closed or re-dated): the room closes
 * those users' sockets (everyone's without `userIds`) and each client reconnects through a fresh
 * check. Awaited by callers, so nothing more reaches a removed guest once their request returns.
 */
export async function reauthoriseRoom(env: Pick<Bindings, "PregnancyRoom">, pregnancyId: string, userIds?: string[]): Promise<void> {
  try {
    await (await roomOf(env, pregnancyId)).reauthorise(userIds);
  } catch (error) {
    logEvent("error", "room not reauthorised", { room: pregnancyId, error: String(error) });
  }
}

/** A user's sessions ended (signed out, revoked, reset): every room they take part in checks their sockets again. */
export async function reauthoriseUserRooms(db: Db, env: Pick<Bindings, "PregnancyRoom">, userId: string): Promise<void> {
  const rows = await db
    .select({ pregnancyId: pregnancyParticipants.pregnancyId })
    .from(pregnancyParticipants)
    .where(and(eq(pregnancyParticipants.userId, userId), eq(pregnancyParticipants.status, "active")));
  await Promise.all(rows.map((row) => reauthoriseRoom(env, row.pregnancyId, [userId])));
}
