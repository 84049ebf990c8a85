/**
 * The browser's socket to its pregnancy's room (/parties/pregnancy-room/<pregnancyId>), on the
 * waiting-room channel or the feed channel (src/domain/pregnancyRoom.ts), through partysocket: it reconnects
 * after a drop with a growing delay (from 0.5-1 s, picked at random per socket so a family's
 * sockets do not all come back at once, up to 10 s) and gives up on a connection
 * attempt that hangs. Here it also closes while the browser is offline and reconnects at once when
 * it comes back. `onReconnected` tells the page to catch up from the database on what it missed
 * while the socket was down.
 */
import PartySocket from "partysocket";
import type { RoomChannel, RoomClientMessage, RoomServerMessage } from "../domain/pregnancyRoom";
import { ROOM_PARTY } from "../domain/pregnancyRoom";
import { BACKOFF_FACTOR } from "../domain/units";

/** Ours: a dropped room socket reconnects after 0.5 s, doubling up to 10 s, then every 10 s. */
export const ROOM_RECONNECT_INITIAL_MS = 500;

export const ROOM_RECONNECT_MAX_MS = 10_000;

/** An attempt that has not opened by then is dropped and tried again. */
const ROOM_CONNECT_TIMEOUT_MS = 8_000;

export type RoomStatus = "connecting" | "open" | "reconnecting" | "offline";

export interface RoomSocketHandlers {
  onMessage: (message: RoomServerMessage) => void;
  onStatus: (status: RoomStatus) => void;
  onReconnected: () => void;
}

export interface RoomSocket {
  send: (message: RoomClientMessage) => void;
  close: () => void;
}

export function openRoomSocket(pregnancyId: string, channel: RoomChannel, handlers: RoomSocketHandlers): RoomSocket {
  let everOpened = false;
  /** Set by close(): nothing more reaches the handlers, even while an attempt under way finishes. */
  let closed = false;
  const waiting = () => {
    if (!closed) handlers.onStatus(!navigator.onLine ? "offline" : everOpened ? "reconnecting" : "connecting");
  };

  const socket = new PartySocket({
    host: window.location.host,
    protocol: window.location.protocol === "https:" ? "wss" : "ws",
    party: ROOM_PARTY,
    room: pregnancyId,
    query: { channel },
    minReconnectionDelay: ROOM_RECONNECT_INITIAL_MS * (1 + Math.random()),
    maxReconnectionDelay: ROOM_RECONNECT_MAX_MS,
    reconnectionDelayGrowFactor: BACKOFF_FACTOR,
    connectionTimeout: ROOM_CONNECT_TIMEOUT_MS,
    // Nothing is queued while down: a typing signal is stale by the time the socket is back.
    maxEnqueuedMessages: 0,
    startClosed: !navigator.onLine,
  });
  socket.addEventListener("open", () => {
    if (closed) return;
    handlers.onStatus("open");
    if (everOpened) handlers.onReconnected();
    everOpened = true;
  });
  socket.addEventListener("message", (event: MessageEvent) => {
    if (closed || typeof event.data !== "string") return;
    try {
      handlers.onMessage(JSON.parse(event.data) as RoomServerMessage);
    } catch {
      // A frame that is not JSON is not ours; ignore it.
    }
  });
  // A drop, a refused attempt or the room asking for a fresh check (access changed): partysocket
  // tries again by itself unless the browser is offline, when this closed it on purpose.
  socket.addEventListener("close", waiting);

  const goOffline = () => {
    socket.close();
    handlers.onStatus("offline");
  };
  const goOnline = () => socket.reconnect();
  window.addEventListener("offline", goOffline);
  window.addEventListener("online", goOnline);
  waiting();

  return {
    send: (message) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
    close: () => {
      closed = true;
      window.removeEventListener("offline", goOffline);
      window.removeEventListener("online", goOnline);
      // Closing an attempt still under way makes the browser log "closed before the connection is
      // established": let it open (or fail) first, then close, which also stops further attempts.
      if (socket.readyState !== WebSocket.CONNECTING) return socket.close();
      const closeNow = () => socket.close();
      socket.addEventListener("open", closeNow, { once: true });
      socket.addEventListener("close", closeNow, { once: true });
    },
  };
}
