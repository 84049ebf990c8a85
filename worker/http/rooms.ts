import type { Lobby } from "partyserver";
import { z } from "zod";
import { and, eq } from "drizzle-orm";
import { ROOM_ACCESS_UNTIL_HEADER, ROOM_CHANNEL_HEADER, ROOM_CHANNELS, ROOM_PARENT_HEADER, ROOM_USER_HEADER, type FeedArea, type RoomEvent } from "../../party/protocol";
import { serviceStateChangesOn, todayIso } from "../../src/domain/dates";
import type { AppVariables } from "../context";
import type { Db } from "../db";
import { pregnancyParticipants } from "../db/schema";
import type { Bindings } from "../env";
import { loadPregnancyAccess } from "../trpc/access";
import { isSameOrigin } from "./guards";
import { logEvent } from "../services/log";

const channelParam = z.enum(ROOM_CHANNELS).default("waiting-room");

/**
 * Authorises a socket before it reaches the pregnancy's room: same-origin, signed in, active
 * participant, and for the waiting-room channel canAccessWaitingRoom. The checked user id, channel
 * and whether the user is a parent travel on in headers set here.
 */
export async function authorizeRoomConnection(request: Request, lobby: Lobby, vars: AppVariables, publicOrigin?: string): Promise<Request | Response> {
  if (!isSameOrigin(request, publicOrigin)) return new Response("Forbidden origin", { status: 403 });
  const pregnancyId = z.uuid().safeParse(lobby.name);
  const channel = channelParam.safeParse(new URL(request.url).searchParams.get("channel") ?? undefined);
  if (!pregnancyId.success || !channel.success) return new Response("Not found", { status: 404 });
  const session = await vars.getAuth().api.getSession({ headers: request.headers });
  if (!session) return new Response("Unauthorized", { status: 401 });
  const access = await loadPregnancyAccess(vars.db, session.user.id, pregnancyId.data);
  if (!access || (channel.data === "waiting-room" && !access.permissions.canAccessWaitingRoom)) return new Response("Forbidden", { status: 403 });
  const headers = new Headers(request.headers);
  headers.set(ROOM_USER_HEADER, session.user.id);
  headers.set(ROOM_CHANNEL_HEADER, channel.data);
  headers.set(ROOM_PARENT_HEADER, access.isParent ? "1" : "0");
  const changesOn = serviceStateChangesOn(access.serviceEndDate, todayIso());
  const sessionEnds = new Date(session.session.expiresAt).getTime();
  headers.set(ROOM_ACCESS_UNTIL_HEADER, String(changesOn ? Math.min(sessionEnds, Date.parse(`${changesOn}T00:00:00Z`)) : sessionEnds));
  return new Request(request, { headers });
}

async function roomOf(env: Pick<Bindings, "WaitingRoom">, pregnancyId: string) {
  // Loaded on use: partyserver needs the Workers runtime, and the router (which reaches this
  // module) is also imported in Node by the permission-matrix test.
  const { getServerByName } = await import("partyserver");
  return getServerByName(env.WaitingRoom, pregnancyId);
}

/**
 * Tells the pregnancy's room about a committed write. A room that cannot be reached only delays
 * delivery (clients catch up from the database when they reconnect), so the failure is logged.
 */
export async function tellRoom(env: Pick<Bindings, "WaitingRoom">, pregnancyId: string, event: RoomEvent, to?: string[]): Promise<void> {
  try {
    await (await roomOf(env, pregnancyId)).announce(event, to);
  } catch (error) {
    logEvent("error", "room not told", { room: pregnancyId, event: event.kind, error: String(error) });
  }
}

/** Tells the pregnancy's feed that posts, photos, events or registries changed; each viewer reloads what they may see. */
export const tellFeed = (env: Pick<Bindings, "WaitingRoom">, pregnancyId: string, area: FeedArea) => tellRoom(env, pregnancyId, { kind: "feed-changed", area });

/**
 * Access changed (removed, flags or level changed, pregnancy closed or re-dated): the room closes
 * those users' sockets (everyone's without `userIds`) and each client reconnects through a fresh
 * check. Awaited by callers, so nothing more reaches a removed guest once their request returns.
 */
export async function reauthoriseRoom(env: Pick<Bindings, "WaitingRoom">, pregnancyId: string, userIds?: string[]): Promise<void> {
  try {
    await (await roomOf(env, pregnancyId)).reauthorise(userIds);
  } catch (error) {
    logEvent("error", "room not reauthorised", { room: pregnancyId, error: String(error) });
  }
}

/** A user's sessions ended (signed out, revoked, reset): every room they take part in checks their sockets again. */
export async function reauthoriseUserRooms(db: Db, env: Pick<Bindings, "WaitingRoom">, userId: string): Promise<void> {
  const rows = await db
    .select({ pregnancyId: pregnancyParticipants.pregnancyId })
    .from(pregnancyParticipants)
    .where(and(eq(pregnancyParticipants.userId, userId), eq(pregnancyParticipants.status, "active")));
  await Promise.all(rows.map((row) => reauthoriseRoom(env, row.pregnancyId, [userId])));
}
