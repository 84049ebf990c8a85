import http from "node:http";
import net from "node:net";
import { delayed } from "./ws-proxy";

export interface BrowserDistanceOptions {
  /** The round trip (ms) the browser pays for one request to `url` (a static file's, the Worker's). */
  roundTripFor(url: URL): number;
  /** The round trip (ms) for a tunnel's bytes (a WebSocket to a room): each direction waits half. */
  tunnelRoundTrip(): number;
}

export interface BrowserDistance {
  /** For Playwright's `proxy: { server }` (it sends loopback addresses through the proxy too). */
  server: string;
  /** Tunnels opened so far (Chromium opens each WebSocket through one). */
  tunnels(): number;
  close(): Promise<void>;
}

/** Hop-by-hop headers, and the proxy's own, are not passed on. */
const HOP_HEADERS = ["connection", "keep-alive", "proxy-connection", "proxy-authorization", "transfer-encoding", "upgrade", "te", "trailer"];

function endToEnd(headers: http.IncomingHttpHeaders): http.IncomingHttpHeaders {
  const kept = { ...headers };
  for (const name of HOP_HEADERS) delete kept[name];
  return kept;
}

/**
 * An HTTP forward proxy between the bench's browser and the local stack that puts the browser at a
 * distance from what answers it. Each request waits half its round trip before it is passed on and
 * its answer half before it goes back, so every request (document, data, file, picture) costs one
 * round trip. A tunnel (CONNECT: how Chromium opens a WebSocket through a proxy) delays each chunk
 * by half its round trip each way, in order. Connections stay open between requests, so the model
 * charges no handshakes.
 */
export function startBrowserDistance(options: BrowserDistanceOptions): Promise<BrowserDistance> {
  const agent = new http.Agent({ keepAlive: true });
  const sockets = new Set<net.Socket>();
  let tunnels = 0;

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/");
    const half = options.roundTripFor(url) / 2;
    const fail = () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    };
    setTimeout(() => {
      const upstream = http.request(url, { method: request.method, headers: endToEnd(request.headers), agent }, (answer) => {
        setTimeout(() => {
          response.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
          answer.pipe(response);
        }, half);
      });
      upstream.on("error", fail);
      request.pipe(upstream);
    }, half);
  });

  server.on("connect", (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    tunnels += 1;
    const [host = "127.0.0.1", port = "80"] = (request.url ?? "").split(":");
    const target = net.connect(Number(port), host, () => client.write("HTTP/1.1 200 Connection Established\r\n\r\n"));
    sockets.add(client).add(target);
    const half = () => options.tunnelRoundTrip() / 2;
    const toTarget = delayed(half);
    const toClient = delayed(half);
    if (head.length > 0) toTarget(() => target.write(head));
    client.on("data", (chunk: Buffer) => toTarget(() => target.write(chunk)));
    target.on("data", (chunk: Buffer) => toClient(() => client.write(chunk)));
    client.on("end", () => toTarget(() => target.end()));
    target.on("end", () => toClient(() => client.end()));
    for (const socket of [client, target]) {
      socket.on("error", () => {
        client.destroy();
        target.destroy();
      });
      socket.on("close", () => sockets.delete(socket));
    }
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({
        server: `http://127.0.0.1:${port}`,
        tunnels: () => tunnels,
        close: async () => {
          for (const socket of sockets) socket.destroy();
          agent.destroy();
          server.closeAllConnections();
          await new Promise<void>((done) => server.close(() => done()));
        },
      });
    });
  });
}
