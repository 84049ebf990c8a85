import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The Authorization header the Worker sent. */
  authorization: string | undefined;
}

export interface MailRecorder {
  /** Where the Worker posts (MAIL_API_URL). */
  url: string;
  mails: RecordedMail[];
  close(): Promise<void>;
}

/**
 * A stand-in for the HTTP mail API that production posts to (worker/services/mailer.ts httpMailer):
 * it records every JSON body posted to it and lists them on GET, so the production mail path can be
 * run end to end.
 */
export function startMailRecorder(): Promise<MailRecorder> {
  const mails: RecordedMail[] = [];
  const server = createServer((request, response) => {
    // A test in another process reads what was received.
    if (request.method === "GET") {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(mails));
      return;
    }
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      try {
        mails.push({ ...(JSON.parse(body) as Omit<RecordedMail, "authorization">), authorization: request.headers.authorization });
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: `mail_${mails.length}` }));
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/emails`, mails, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}
