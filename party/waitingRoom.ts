import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import { closeDueSessions } from "../worker/cron";
import type { Bindings } from "../worker/env";
import { ROOM_USER_HEADER, type RoomClientMessage, type RoomServerMessage, type RoomEvent } from "./protocol";

interface ConnectionInfo {
  userId: string;
}

/**
 * One room per pregnancy. The Worker authorises every socket before it reaches the room
 * (session, active participation, canAccessWaitingRoom) and passes the checked user id in a header
 * it sets itself; the room refuses plain HTTP so that header cannot be forged from outside.
 * Presence is derived from the connections' own state, which survives hibernation.
 * When told of a scheduled close, the room sets its own alarm as a backup to the cron.
 */
export class WaitingRoom extends Server<Bindings> {
  static override options = { hibernate: true };

  override onConnect(connection: Connection, ctx: ConnectionContext): void {
    const userId = ctx.request.headers.get(ROOM_USER_HEADER);
    if (!userId) {
      connection.close(1008, "unauthorised");
      return;
    }
    connection.setState({ userId } satisfies ConnectionInfo);
    this.broadcastPresence();
  }

  override onClose(): void {
    this.broadcastPresence();
  }

  override onMessage(connection: Connection, message: WSMessage): void {
    if (typeof message !== "string") return;
    const info = connection.state as ConnectionInfo | null;
    if (!info) return;
    let parsed: RoomClientMessage;
    try {
      parsed = JSON.parse(message) as RoomClientMessage;
    } catch {
      return;
    }
    if (parsed.type === "typing") {
      this.send({ type: "typing", userId: info.userId }, [connection.id]);
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
    const reached = this.deliver({ type: "event", event }, to);
    // A later scheduled close (false alarm, then baby here) replaces the earlier alarm.
    if (event.kind === "state" && event.scheduledCloseAt) await this.ctx.storage.setAlarm(Date.parse(event.scheduledCloseAt));
    return reached;
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
    if (!to) {
      this.send(message);
      return [...this.getConnections()].length;
    }
    const recipients = new Set(to);
    let reached = 0;
    for (const connection of this.getConnections()) {
      const info = connection.state as ConnectionInfo | null;
      if (info && recipients.has(info.userId)) {
        connection.send(JSON.stringify(message));
        reached++;
      }
    }
    return reached;
  }

  private send(message: RoomServerMessage, without?: string[]): void {
    this.broadcast(JSON.stringify(message), without);
  }

  private broadcastPresence(): void {
    const userIds = new Set<string>();
    for (const connection of this.getConnections()) {
      const info = connection.state as ConnectionInfo | null;
      if (info) userIds.add(info.userId);
    }
    this.send({ type: "presence", userIds: [...userIds] });
  }
}
