import { request } from "node:http";
import type { ApiClient } from "./client";

export interface RawAnswer {
  status: number;
  body: unknown;
}

const CHUNK_BYTES = 64 * 1024;

/**
 * POSTs `bodyBytes` zero bytes to `path` as `client`, declaring `declaredLength` as Content-Length
 * or, with null, none (chunked transfer, as a streamed upload of unknown size goes). The body is
 * generated as it is sent, so a huge one costs the test no memory.
 */
export function postRaw(client: ApiClient, path: string, { declaredLength, bodyBytes, contentType }: { declaredLength: number | null; bodyBytes: number; contentType: string }): Promise<RawAnswer> {
  const headers: Record<string, string> = { origin: client.baseUrl, "cf-connecting-ip": client.ip, cookie: client.cookieHeader, "content-type": contentType };
  if (declaredLength === null) headers["transfer-encoding"] = "chunked";
  else headers["content-length"] = String(declaredLength);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(new URL(path, client.baseUrl), { method: "POST", headers });
    req.on("response", (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // Not JSON: the text is the answer.
        }
        resolve({ status: response.statusCode ?? 0, body });
        req.destroy();
      });
    });
    // A server that answers before the body ends may close the connection under the writer.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    let left = bodyBytes;
    const chunk = new Uint8Array(CHUNK_BYTES);
    const write = () => {
      while (left > 0 && !answered) {
        const part = chunk.subarray(0, Math.min(CHUNK_BYTES, left));
        left -= part.length;
        if (!req.write(part)) return void req.once("drain", write);
      }
      if (!answered) req.end();
    };
    write();
  });
}
