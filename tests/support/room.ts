import WebSocket from "ws";
import type { RoomServerMessage } from "../../src/domain/pregnancyRoom";
import type { ApiClient } from "./client";
import { baseUrl } from "./env";

const CLOSING_POLL_MS = 10;

const roomUrl = (base: string, id: string) => `${base.replace(/^http/, "ws")}/parties/pregnancy-room/${id}`;

/** The room's feed channel (any active participant; posts and photos change signals only). */
export const feedOf = (pregnancyId: string) => `${pregnancyId}?channel=feed`;

export interface OpenRoom {
  socket: WebSocket;
  messages: RoomServerMessage[];
  next(predicate: (m: RoomServerMessage) => boolean): Promise<RoomServerMessage>;
  /** Settles when the socket closes, with the code the room closed it with. */
  closed: Promise<number>;
}

/**
 * Opens a socket like the browser would; resolves when open, rejects with the refusal status.
 * The room is the client's stack (the tests' stack without one). With `listen`, each message goes
 * to it with its arrival time instead of into `messages`, so a long bench run does not keep them all.
 */
export function connect(id: string, client?: ApiClient, origin = client?.baseUrl ?? baseUrl(), listen?: (message: RoomServerMessage, receivedAt: number) => void): Promise<OpenRoom> {
  const headers: Record<string, string> = { origin };
  if (client) headers.cookie = client.cookieHeader;
  const socket = new WebSocket(roomUrl(client?.baseUrl ?? baseUrl(), id), { headers });
  const messages: RoomServerMessage[] = [];
  const waiters: Array<{ predicate: (m: RoomServerMessage) => boolean; resolve: (m: RoomServerMessage) => void }> = [];
  socket.on("message", (data) => {
    const receivedAt = performance.now();
    const message = JSON.parse(String(data)) as RoomServerMessage;
    if (listen) listen(message, receivedAt);
    else messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  const next = (predicate: (m: RoomServerMessage) => boolean) =>
    new Promise<RoomServerMessage>((resolve, reject) => {
      const seen = messages.find(predicate);
      if (seen) return resolve(seen);
      const timer = setTimeout(() => reject(new Error("No such room message within 10 s")), 10_000);
      waiters.push({ predicate, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
  // The room's close frame arrives at once, but the local runtime ends the connection ~10 s later:
  // once the frame is in (the socket is closing), end it here so `closed` settles with its code.
  const watch = setInterval(() => {
    if (socket.readyState === WebSocket.CLOSING) socket.terminate();
    if (socket.readyState === WebSocket.CLOSED) clearInterval(watch);
  }, CLOSING_POLL_MS);
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve({ socket, messages, next, closed }));
    socket.once("unexpected-response", (_request, response) => reject(new Error(`refused ${response.statusCode}`)));
    socket.once("error", reject);
  });
}
