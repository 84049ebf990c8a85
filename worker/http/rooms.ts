import type { Lobby } from "partyserver";
import { z } from "zod";
import { ROOM_CHANNEL_HEADER, ROOM_CHANNELS, ROOM_PARENT_HEADER, ROOM_USER_HEADER, type FeedArea, type RoomEvent } from "../../party/protocol";
import type { AppVariables } from "../context";
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
  return new Request(request, { headers });
}

/**
 * Tells the pregnancy's room about a committed write. A room that cannot be reached only delays
 * delivery (clients catch up from the database when they reconnect), so the failure is logged.
 */
export async function tellRoom(env: Pick<Bindings, "WaitingRoom">, pregnancyId: string, event: RoomEvent, to?: string[]): Promise<void> {
  try {
    // Loaded on use: partyserver needs the Workers runtime, and the router (which reaches this
    // module) is also imported in Node by the permission-matrix test.
    const { getServerByName } = await import("partyserver");
    const room = await getServerByName(env.WaitingRoom, pregnancyId);
    await room.announce(event, to);
  } catch (error) {
    logEvent("error", "room not told", { room: pregnancyId, event: event.kind, error: String(error) });
  }
}

/** Tells the pregnancy's feed that posts, photos, events or registries changed; each viewer reloads what they may see. */
export const tellFeed = (env: Pick<Bindings, "WaitingRoom">, pregnancyId: string, area: FeedArea) => tellRoom(env, pregnancyId, { kind: "feed-changed", area });
