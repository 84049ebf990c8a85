import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  /** Path and query. */
  path: string;
  authorization: string | undefined;
  body: string;
}

export interface HttpRecorder {
  /** http://127.0.0.1:port */
  origin: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** GET here lists what was recorded, for a test in another process. */
export const RECORDED_PATH = "/__recorded";

/**
 * A stand-in for the outside services production posts to (the mail API, the error tracker): it
 * records every request and answers 200, so their production code paths run end to end here.
 */
export function startHttpRecorder(): Promise<HttpRecorder> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    if (request.method === "GET" && request.url === RECORDED_PATH) {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(requests));
      return;
    }
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      requests.push({ method: request.method ?? "", path: request.url ?? "", authorization: request.headers.authorization, body });
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: `recorded_${requests.length}` }));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ origin: `http://127.0.0.1:${port}`, requests, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

/** The mail API's JSON bodies among the recorded requests. */
export interface RecordedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  authorization: string | undefined;
}
export const mailsIn = (requests: RecordedRequest[], mailPath: string): RecordedMail[] =>
  requests.filter((r) => r.path === mailPath).map((r) => ({ ...(JSON.parse(r.body) as Omit<RecordedMail, "authorization">), authorization: r.authorization }));
