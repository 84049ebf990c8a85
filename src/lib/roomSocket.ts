/**
 * The browser's socket to its pregnancy's room (/parties/waiting-room/<pregnancyId>), on the
 * waiting-room channel or the feed channel (party/protocol.ts). It
 * reconnects after a drop with a doubling delay (0.5 s up to 10 s), closes while the browser is
 * offline and reconnects at once when it comes back. `onReconnected` tells the page to catch up
 * from the database on what it missed while the socket was down.
 */
import type { RoomChannel, RoomClientMessage, RoomServerMessage } from "../../party/protocol";
import { ROOM_PARTY } from "../../party/protocol";
import { BACKOFF_FACTOR, ROOM_RECONNECT_INITIAL_MS, ROOM_RECONNECT_MAX_MS } from "../domain/constants";

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

export const roomSocketUrl = (pregnancyId: string, channel: RoomChannel, location: Pick<Location, "protocol" | "host"> = window.location) =>
  `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/parties/${ROOM_PARTY}/${pregnancyId}?channel=${channel}`;

export function openRoomSocket(pregnancyId: string, channel: RoomChannel, handlers: RoomSocketHandlers): RoomSocket {
  let socket: WebSocket | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let delay = ROOM_RECONNECT_INITIAL_MS;
  let everOpened = false;
  let closed = false;

  const connect = () => {
    clearTimeout(retryTimer);
    if (closed) return;
    if (!navigator.onLine) {
      handlers.onStatus("offline");
      return;
    }
    handlers.onStatus(everOpened ? "reconnecting" : "connecting");
    const current = new WebSocket(roomSocketUrl(pregnancyId, channel));
    socket = current;
    current.onopen = () => {
      delay = ROOM_RECONNECT_INITIAL_MS;
      handlers.onStatus("open");
      if (everOpened) handlers.onReconnected();
      everOpened = true;
    };
    current.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== "string") return;
      try {
        handlers.onMessage(JSON.parse(event.data) as RoomServerMessage);
      } catch {
        // A frame that is not JSON is not ours; ignore it.
      }
    };
    current.onclose = () => {
      if (socket !== current || closed) return;
      socket = null;
      if (!navigator.onLine) {
        handlers.onStatus("offline");
        return;
      }
      handlers.onStatus(everOpened ? "reconnecting" : "connecting");
      retryTimer = setTimeout(connect, delay);
      delay = Math.min(delay * BACKOFF_FACTOR, ROOM_RECONNECT_MAX_MS);
    };
  };

  const goOffline = () => {
    const current = socket;
    socket = null;
    clearTimeout(retryTimer);
    current?.close();
    handlers.onStatus("offline");
  };
  const goOnline = () => {
    delay = ROOM_RECONNECT_INITIAL_MS;
    if (!socket) connect();
  };
  window.addEventListener("offline", goOffline);
  window.addEventListener("online", goOnline);
  connect();

  return {
    send: (message) => {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
    close: () => {
      closed = true;
      clearTimeout(retryTimer);
      window.removeEventListener("offline", goOffline);
      window.removeEventListener("online", goOnline);
      socket?.close();
      socket = null;
    },
  };
}
