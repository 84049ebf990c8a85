import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  /** Path and query. */
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: string;
  /** What it was answered. */
  status: number;
  /** A repeat of a key already accepted: answered as the first was, not delivered again. */
  replayed: boolean;
}

export interface HttpRecorder {
  /** http://127.0.0.1:port */
  origin: string;
  requests: RecordedRequest[];
  /** Answers every request with this status from now on (an outage), or 200 again with null. */
  failWith(status: number | null): void;
  /** Holds each answer this long (a slow provider), 0 for none. */
  delayAnswers(ms: number): void;
  close(): Promise<void>;
}

/** GET here lists what was recorded, for a test in another process. */
export const RECORDED_PATH = "/__recorded";

/**
 * A stand-in for the outside services production posts to (the mail API, the error tracker): it
 * records every request and answers 200, so their production code paths run end to end here. Like
 * the mail API, a request repeating an accepted Idempotency-Key is answered as the first was and
 * not delivered again; a test can make it fail (an outage) or slow.
 */
export function startHttpRecorder(): Promise<HttpRecorder> {
  const requests: RecordedRequest[] = [];
  const accepted = new Map<string, string>();
  let failure: number | null = null;
  let delayMs = 0;
  const server = createServer((request, response) => {
    if (request.method === "GET" && request.url === RECORDED_PATH) {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(requests));
      return;
    }
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      const key = request.headers["idempotency-key"];
      const idempotencyKey = typeof key === "string" ? key : undefined;
      const status = failure ?? 200;
      const replayed = status === 200 && idempotencyKey !== undefined && accepted.has(idempotencyKey);
      const answer = (idempotencyKey && accepted.get(idempotencyKey)) ?? JSON.stringify({ id: `recorded_${requests.length + 1}` });
      if (status === 200 && idempotencyKey && !replayed) accepted.set(idempotencyKey, answer);
      requests.push({ method: request.method ?? "", path: request.url ?? "", authorization: request.headers.authorization, idempotencyKey, body, status, replayed });
      setTimeout(() => response.writeHead(status, { "content-type": "application/json" }).end(status === 200 ? answer : JSON.stringify({ error: "unavailable" })), delayMs);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        requests,
        failWith: (status) => (failure = status),
        delayAnswers: (ms) => (delayMs = ms),
        close: () => new Promise((done) => server.close(() => done())),
      });
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
/** The mails the API accepted and delivered: each once, whatever was retried. */
export const mailsIn = (requests: RecordedRequest[], mailPath: string): RecordedMail[] =>
  requests.filter((r) => r.path === mailPath && r.status === 200 && !r.replayed).map((r) => ({ ...(JSON.parse(r.body) as Omit<RecordedMail, "authorization">), authorization: r.authorization }));
