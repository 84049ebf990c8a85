import type { Lobby } from "partyserver";
import { z } from "zod";
import { ROOM_ACCESS_UNTIL_HEADER, ROOM_CHANNEL_HEADER, ROOM_CHANNELS, ROOM_PARENT_HEADER, ROOM_USER_HEADER } from "../../src/domain/pregnancyRoom";
import { serviceStateChangesOn } from "../../src/domain/dates";
import { instantIn } from "../../src/domain/timeZones";
import type { AppVariables } from "../context";
import { loadSessionAccess } from "../services/access";
import { isSameOrigin } from "./guards";

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
  const session = await vars.getSession("cached");
  if (!session) return new Response("Unauthorized", { status: 401 });
  // The session's liveness comes with the access row (services/access.ts).
  const loaded = await loadSessionAccess(vars.db, { userId: session.user.id, sessionId: session.session.id }, pregnancyId.data, { now: vars.scope.now });
  if (!loaded.signedIn) return new Response("Unauthorized", { status: 401 });
  const { access } = loaded;
  if (!access || (channel.data === "waiting-room" && !access.permissions.canAccessWaitingRoom)) return new Response("Forbidden", { status: 403 });
  const headers = new Headers(request.headers);
  headers.set(ROOM_USER_HEADER, session.user.id);
  headers.set(ROOM_CHANNEL_HEADER, channel.data);
  headers.set(ROOM_PARENT_HEADER, access.isParent ? "1" : "0");
  // The state changes at midnight where the family lives, as their "today" does.
  const changesOn = serviceStateChangesOn(access.serviceEndDate, access.today);
  const sessionEnds = new Date(session.session.expiresAt).getTime();
  headers.set(ROOM_ACCESS_UNTIL_HEADER, String(changesOn ? Math.min(sessionEnds, instantIn(changesOn, "00:00:00", access.timeZone).getTime()) : sessionEnds));
  return new Request(request, { headers });
}
