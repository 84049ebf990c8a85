import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import { closeDueSessions } from "../worker/services/waitingRoomClosing";
import {
  PARENT_ONLY_FEED_AREAS,
  ROOM_ACCESS_UNTIL_HEADER,
  ROOM_CHANNEL_HEADER,
  ROOM_PARENT_HEADER,
  ROOM_REAUTHORISE_CLOSE_CODE,
  ROOM_USER_HEADER,
  type RoomChannel, type RoomClientMessage, type RoomEvent, type RoomServerMessage } from "../src/domain/pregnancyRoom";

interface ConnectionInfo {
  userId: string;
  /** Checked by the Worker at connect; a socket from before this was recorded counts as a guest's. */
  parent?: boolean;
  /** When the Worker's check lapses (ms since the epoch); absent on sockets from before it was recorded. */
  until?: number;
}

const forParentsOnly = (message: RoomServerMessage) => message.type === "event" && message.event.kind === "feed-changed" && PARENT_ONLY_FEED_AREAS.includes(message.event.area);

const lapsed = (info: ConnectionInfo | null, now = Date.now()) => info?.until !== undefined && info.until <= now;

const WAITING_ROOM: RoomChannel = "waiting-room";
/** Storage key of the moment the room last announced an event on the waiting-room channel (its hello tells a joining socket). */
const LAST_EVENT_KEY = "lastWaitingRoomEventAt";
const channelOf = (request: Request): RoomChannel => (request.headers.get(ROOM_CHANNEL_HEADER) === "feed" ? "feed" : WAITING_ROOM);

/**
 * One room per pregnancy. The Worker authorises every socket before it reaches the room
 * (session, active participation, and canAccessWaitingRoom for the waiting-room channel) and
 * passes the checked user id and channel in headers it sets itself; the room refuses plain HTTP
 * so those headers cannot be forged from outside. Connections are tagged with their channel:
 * chat, presence and typing stay in the waiting room; feed signals go to everyone.
 * Presence is derived from the connections' own state, which survives hibernation.
 * When told of a scheduled close, the room sets its own alarm as a backup to the cron.
 */
export class PregnancyRoom extends Server {
  static override options = { hibernate: true };

  override getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    return [channelOf(ctx.request)];
  }

  override async onConnect(connection: Connection, ctx: ConnectionContext): Promise<void> {
    const userId = ctx.request.headers.get(ROOM_USER_HEADER);
    if (!userId) {
      connection.close(1008, "unauthorised");
      return;
    }
    const until = Number(ctx.request.headers.get(ROOM_ACCESS_UNTIL_HEADER));
    connection.setState({ userId, parent: ctx.request.headers.get(ROOM_PARENT_HEADER) === "1", until: Number.isFinite(until) && until > 0 ? until : undefined } satisfies ConnectionInfo);
    if (channelOf(ctx.request) !== WAITING_ROOM) return;
    // The page read the room before this socket joined: it reads again only if something was announced since.
    const lastEventAt = (await this.ctx.storage.get<number>(LAST_EVENT_KEY)) ?? null;
    connection.send(JSON.stringify({ type: "hello", lastEventAt } satisfies RoomServerMessage));
    this.broadcastPresence();
  }

  override onClose(): void {
    this.broadcastPresence();
  }

  override onMessage(connection: Connection, message: WSMessage): void {
    if (typeof message !== "string") return;
    const info = connection.state as ConnectionInfo | null;
    if (!info || lapsed(info)) return;
    let parsed: RoomClientMessage;
    try {
      parsed = JSON.parse(message) as RoomClientMessage;
    } catch {
      return;
    }
    if (parsed.type === "typing" && connection.tags.includes(WAITING_ROOM)) {
      this.send({ type: "typing", userId: info.userId }, connection.id);
    }
  }

  override onRequest(): Response {
    return new Response("Not found", { status: 404 });
  }

  /**
   * Called by the Worker (RPC through the stub) after a write is persisted. `to` limits the event
   * to those users' sockets (a direct message reaches its two participants only).
   */
  async announce(event: RoomEvent, to?: string[]): Promise<number> {
    if (event.kind !== "feed-changed") await this.ctx.storage.put(LAST_EVENT_KEY, Date.now());
    const reached = this.deliver({ type: "event", event }, to);
    // A later scheduled close (false alarm, then baby here) replaces the earlier alarm.
    if (event.kind === "state" && event.scheduledCloseAt) await this.ctx.storage.setAlarm(Date.parse(event.scheduledCloseAt));
    return reached;
  }

  /**
   * Called by the Worker when access changed: closes the sockets of those users (everyone's when
   * `userIds` is absent), so each client reconnects and the Worker checks it afresh. Until then
   * nothing more reaches them. Returns how many sockets were closed.
   */
  reauthorise(userIds?: string[]): number {
    const users = userIds && new Set(userIds);
    let closed = 0;
    for (const connection of this.getConnections()) {
      const info = connection.state as ConnectionInfo | null;
      if (users && !(info && users.has(info.userId))) continue;
      connection.close(ROOM_REAUTHORISE_CLOSE_CODE, "access changed");
      closed++;
    }
    return closed;
  }

  /**
   * The backup for the cron: closes this pregnancy's session if it is still due, through the same
   * conditional close, and tells the sockets what the cron would. If the cron got there first,
   * nothing is due any more and nothing is posted. A throw makes the runtime retry the alarm.
   */
  override async onAlarm(): Promise<void> {
    await closeDueSessions(this.env, new Date(), (_pregnancyId, event) => this.announce(event), this.name);
  }

  private deliver(message: RoomServerMessage, to: string[] | undefined): number {
    const channel = message.type === "event" && message.event.kind === "feed-changed" ? "feed" : WAITING_ROOM;
    const recipients = to && new Set(to);
    const parentsOnly = forParentsOnly(message);
    const text = JSON.stringify(message);
    let reached = 0;
    for (const connection of this.live(channel)) {
      const info = connection.state as ConnectionInfo | null;
      if (recipients && !(info && recipients.has(info.userId))) continue;
      if (parentsOnly && !info?.parent) continue;
      connection.send(text);
      reached++;
    }
    return reached;
  }

  /** To every waiting-room socket, except the one `without` names. */
  private send(message: RoomServerMessage, without?: string): void {
    const text = JSON.stringify(message);
    for (const connection of this.live(WAITING_ROOM)) if (connection.id !== without) connection.send(text);
  }

  private broadcastPresence(): void {
    const userIds = new Set<string>();
    for (const connection of this.live(WAITING_ROOM)) {
      const info = connection.state as ConnectionInfo | null;
      if (info) userIds.add(info.userId);
    }
    this.send({ type: "presence", userIds: [...userIds] });
  }

  /** The channel's sockets whose check still holds; a lapsed one is closed to be checked again. */
  private *live(channel: RoomChannel): Generator<Connection> {
    const now = Date.now();
    for (const connection of this.getConnections(channel)) {
      if (lapsed(connection.state as ConnectionInfo | null, now)) connection.close(ROOM_REAUTHORISE_CLOSE_CODE, "access lapsed");
      else yield connection;
    }
  }
}
