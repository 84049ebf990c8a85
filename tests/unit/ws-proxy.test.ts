import { describe, expect, it } from "vitest";
import { Conversation } from "../../scripts/ws-proxy";

const PROTOCOL_3 = 196608;
const SSL_REQUEST_CODE = 80877103;

function message(type: string, body: Buffer = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0);
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

function untyped(code: number, body: Buffer = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(8);
  header.writeInt32BE(body.length + 8, 0);
  header.writeInt32BE(code, 4);
  return Buffer.concat([header, body]);
}

const startup = untyped(PROTOCOL_3, Buffer.from("user\0postgres\0\0"));
const ready = (status: "I" | "T" | "E") => message("Z", Buffer.from(status));
/** A row whose bytes look like ReadyForQuery messages: only message boundaries may count. */
const trickyRow = message("D", Buffer.concat([Buffer.from([0, 1, 0, 0, 0, 9]), ready("I"), Buffer.from("ZZZ")]));
const extendedQuery = Buffer.concat(["P", "B", "D", "E"].map((type) => message(type, Buffer.from("\0\0\0\0"))).concat(message("S")));

/** Feeds `bytes` one at a time, so every message is split across chunks. */
function trickle(read: (chunk: Buffer) => void, bytes: Buffer): void {
  for (const byte of bytes) read(Buffer.from([byte]));
}

describe("Conversation (the proxy's view of one connection)", () => {
  it("stays unsettled from startup until ReadyForQuery reports idle, with messages split at every byte", () => {
    const conversation = new Conversation();
    trickle((chunk) => conversation.frontend.read(chunk), startup);
    expect(conversation.settled).toBe(false);
    trickle((chunk) => conversation.backend.read(chunk), Buffer.concat([message("R", Buffer.alloc(4)), ready("I")]));
    expect(conversation.settled).toBe(true);

    trickle((chunk) => conversation.frontend.read(chunk), extendedQuery);
    trickle((chunk) => conversation.backend.read(chunk), Buffer.concat([message("1"), message("2"), trickyRow]));
    expect(conversation.settled).toBe(false);
    trickle((chunk) => conversation.backend.read(chunk), Buffer.concat([message("C", Buffer.from("SELECT 1\0")), ready("I")]));
    expect(conversation.settled).toBe(true);
  });

  it("keeps the turn while a transaction is open or failed, and until every pipelined query has answered", () => {
    const conversation = new Conversation();
    conversation.frontend.read(startup);
    conversation.backend.read(ready("I"));
    conversation.frontend.read(Buffer.concat([message("Q", Buffer.from("begin\0")), message("Q", Buffer.from("select 1/0\0"))]));
    conversation.backend.read(ready("T"));
    expect(conversation.settled).toBe(false);
    conversation.backend.read(ready("E"));
    expect(conversation.settled).toBe(false);
    conversation.frontend.read(message("Q", Buffer.from("rollback\0")));
    conversation.backend.read(ready("I"));
    expect(conversation.settled).toBe(true);
  });

  it("holds an extended query open until its Sync, and reads pglite-socket's one-byte SSL refusal", () => {
    const conversation = new Conversation();
    conversation.frontend.read(Buffer.concat([untyped(SSL_REQUEST_CODE), startup]));
    conversation.backend.read(Buffer.concat([Buffer.from("N"), ready("I")]));
    expect(conversation.settled).toBe(true);
    conversation.frontend.read(Buffer.concat([message("P", Buffer.from("\0\0\0\0")), message("H")]));
    expect(conversation.settled).toBe(false);
    conversation.frontend.read(message("S"));
    conversation.backend.read(ready("I"));
    expect(conversation.settled).toBe(true);
    conversation.frontend.read(message("X"));
    expect(conversation.terminated).toBe(true);
  });
});
