import net from "node:net";
import { WebSocketServer, type WebSocket } from "ws";

/** Postgres frontend Terminate message type byte ('X'). */
const TERMINATE = 0x58;
const HEADER_BYTES = 5;

export interface WsProxyOptions {
  port: number;
  targetHost: string;
  targetPort: number;
  /** Connections above this wait in a queue instead of being refused by the server. */
  maxConnections: number;
}

export interface WsProxy {
  port: number;
  close(): Promise<void>;
}

/**
 * Tracks Postgres frontend message boundaries on one connection so the proxy can see Terminate.
 * pglite-socket does not close the TCP socket on Terminate, which would leave `pool.end()` hanging.
 */
function terminateWatcher() {
  let buffer = Buffer.alloc(0);
  let startupDone = false;
  return (chunk: Buffer): boolean => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (!startupDone) {
        if (buffer.length < 4) return false;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return false;
        buffer = buffer.subarray(length);
        startupDone = true;
        continue;
      }
      if (buffer.length < HEADER_BYTES) return false;
      const type = buffer[0];
      const length = buffer.readInt32BE(1);
      if (buffer.length < length + 1) return false;
      buffer = buffer.subarray(length + 1);
      if (type === TERMINATE) return true;
    }
  };
}

export function startWsProxy(options: WsProxyOptions): Promise<WsProxy> {
  const waiting: Array<() => void> = [];
  let active = 0;

  const release = () => {
    active -= 1;
    waiting.shift()?.();
  };

  const server = new WebSocketServer({ port: options.port, host: "127.0.0.1" });
  server.on("connection", (ws: WebSocket) => {
    // Bytes that arrive while the connection waits for a slot are kept in order.
    const early: Buffer[] = [];
    let forward: (data: Buffer) => void = (data) => early.push(data);
    let closed = false;
    ws.on("message", (data: Buffer) => forward(data));
    ws.on("close", () => {
      closed = true;
    });

    const bridge = () => {
      if (closed) return;
      active += 1;
      let released = false;
      const done = () => {
        if (released) return;
        released = true;
        release();
      };
      const tcp = net.connect(options.targetPort, options.targetHost);
      const sawTerminate = terminateWatcher();
      forward = (data) => {
        tcp.write(data);
        if (sawTerminate(data)) tcp.end();
      };
      for (const chunk of early.splice(0)) forward(chunk);
      tcp.on("data", (data) => {
        if (ws.readyState === ws.OPEN) ws.send(data);
      });
      tcp.on("close", () => {
        done();
        if (ws.readyState === ws.OPEN) ws.close();
      });
      tcp.on("error", () => tcp.destroy());
      ws.on("close", () => {
        tcp.end();
        done();
      });
      ws.on("error", () => tcp.destroy());
    };

    if (active < options.maxConnections) bridge();
    else waiting.push(bridge);
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.once("listening", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : options.port;
      resolve({
        port,
        close: () =>
          new Promise<void>((done) => {
            for (const client of server.clients) client.terminate();
            server.close(() => done());
          }),
      });
    });
  });
}
