import net from "node:net";
import { WebSocketServer, type WebSocket } from "ws";

/** Frontend message types the proxy acts on. */
const QUERY = 0x51; // 'Q'
const FUNCTION_CALL = 0x46; // 'F'
const SYNC = 0x53; // 'S'
const TERMINATE = 0x58; // 'X'
/** Parse, Bind, Describe, Execute, Close, Flush: the unnamed statement and portal they use live until Sync. */
const EXTENDED_QUERY = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);
/** Backend ReadyForQuery ('Z') and its transaction status 'I' (idle, no transaction open). */
const READY_FOR_QUERY = 0x5a;
const IDLE = 0x49;
/** Codes of the untyped messages a frontend may send before StartupMessage. */
const SSL_REQUEST_CODE = 80877103;
const CANCEL_REQUEST_CODE = 80877102;
/** Typed: type byte, length and the first body byte (ReadyForQuery's status). Untyped: length and code. */
const HEAD_BYTES = 8;
const TYPED_HEADER_BYTES = 5;

export interface WsProxyOptions {
  port: number;
  targetHost: string;
  targetPort: number;
  /** Connections above this wait in a queue instead of being refused by the server. */
  maxConnections: number;
  /** The target runs every connection in one database session (pglite-socket): give them one turn at a time. */
  sharedSession: boolean;
  /** Simulated distance to the database (DB_RTT_MS): each direction waits half of it. */
  roundTripMs?: number;
}

export interface ProxyCounts {
  connections: number;
  statements: number;
}

export interface WsProxy {
  port: number;
  /** Changes the simulated distance for the bytes and connections that follow. */
  setRoundTrip(ms: number): void;
  /** Connections opened and statements sent (Query or Sync) since the proxy started. */
  counts(): ProxyCounts;
  close(): Promise<void>;
}

/**
 * Runs each action `delay()` milliseconds after it was given, in order: one timer walks a queue, so
 * an action never overtakes the one before it even when the delay changes in between.
 */
function delayed(delay: () => number): (action: () => void) => void {
  const queue: Array<{ due: number; action: () => void }> = [];
  let timer: NodeJS.Timeout | undefined;
  const drain = () => {
    timer = undefined;
    while (queue.length > 0 && (queue[0]?.due ?? 0) <= Date.now()) queue.shift()?.action();
    const next = queue[0];
    if (next) timer = setTimeout(drain, next.due - Date.now());
  };
  return (action) => {
    const ms = delay();
    if (ms <= 0 && queue.length === 0) return action();
    queue.push({ due: Date.now() + ms, action });
    timer ??= setTimeout(drain, ms);
  };
}

/** Whole length of a typed message once `head` holds its length and, when it has a body, the first body byte. */
function typedLength(head: Buffer): number | undefined {
  if (head.length < TYPED_HEADER_BYTES) return undefined;
  const length = 1 + head.readInt32BE(1);
  return head.length >= Math.min(length, TYPED_HEADER_BYTES + 1) ? length : undefined;
}

function untypedLength(head: Buffer): number | undefined {
  return head.length < HEAD_BYTES ? undefined : head.readInt32BE(0);
}

/**
 * Follows Postgres message boundaries across chunks. Only each message's first bytes are kept; the
 * rest is skipped in place, so large rows pass without being copied.
 */
class MessageReader {
  private readonly head = Buffer.alloc(HEAD_BYTES);
  private filled = 0;
  private skip = 0;

  constructor(
    private readonly measure: (head: Buffer) => number | undefined,
    private readonly onMessage: (head: Buffer) => void,
  ) {}

  read(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.skip > 0) {
        const skipped = Math.min(this.skip, chunk.length - at);
        this.skip -= skipped;
        at += skipped;
        continue;
      }
      this.head[this.filled] = chunk[at] ?? 0;
      this.filled += 1;
      at += 1;
      const head = this.head.subarray(0, this.filled);
      const length = this.measure(head);
      if (length === undefined) continue;
      this.filled = 0;
      this.skip = Math.max(0, length - head.length);
      this.onMessage(head);
    }
  }
}

/** One connection's exchange with the database, followed in both directions. */
export class Conversation {
  /** Before StartupMessage the frontend sends untyped messages. */
  private started = false;
  /** SSLRequests whose one-byte answer ('N' from pglite-socket) has not arrived. */
  private sslAnswersDue = 0;
  /** StartupMessage, Query, FunctionCall and Sync each end with one ReadyForQuery. */
  private readyDue = 0;
  private extendedQueryOpen = false;
  private status = IDLE;
  terminated = false;

  readonly frontend = new MessageReader(
    (head) => (this.started ? typedLength(head) : untypedLength(head)),
    (head) => this.sent(head),
  );
  readonly backend = new MessageReader(
    (head) => (this.sslAnswersDue > 0 ? head.length : typedLength(head)),
    (head) => this.received(head),
  );

  /** Nothing in flight and no transaction open: the session may serve another connection. */
  get settled(): boolean {
    return this.readyDue === 0 && this.sslAnswersDue === 0 && !this.extendedQueryOpen && this.status === IDLE;
  }

  /** Statements sent so far: a simple Query, or an extended query's closing Sync. */
  statements = 0;

  private sent(head: Buffer): void {
    if (!this.started) {
      const code = head.readInt32BE(4);
      if (code === SSL_REQUEST_CODE) this.sslAnswersDue += 1;
      else if (code !== CANCEL_REQUEST_CODE) {
        this.started = true;
        this.readyDue += 1;
      }
      return;
    }
    const type = head[0] ?? 0;
    if (type === QUERY || type === FUNCTION_CALL || type === SYNC) this.readyDue += 1;
    if (type === QUERY || type === SYNC) this.statements += 1;
    if (type === SYNC) this.extendedQueryOpen = false;
    if (EXTENDED_QUERY.has(type)) this.extendedQueryOpen = true;
    if (type === TERMINATE) this.terminated = true;
  }

  private received(head: Buffer): void {
    if (this.sslAnswersDue > 0) {
      this.sslAnswersDue -= 1;
      return;
    }
    if (head[0] !== READY_FOR_QUERY) return;
    this.readyDue = Math.max(0, this.readyDue - 1);
    this.status = head[TYPED_HEADER_BYTES] ?? IDLE;
  }
}

interface TurnTaker {
  /** Sends the bytes held while waiting; returns whether it still needs the turn. */
  resume(): boolean;
}

/**
 * The one database turn shared by every connection, for a target that serves them all from a single
 * session. pglite-socket 0.2.17 does serialise, but only per message: each connection queues its next
 * frontend message once the previous one has run, and the shared queue sticks to one connection only
 * while PGlite is inside an explicit transaction block (BEGIN). The messages of one extended query
 * (Parse/Bind/Describe/Execute/Sync) are not such a block, so another connection's Parse or Bind lands
 * between them and replaces the unnamed statement or portal: "bind message supplies 1 parameters, but
 * prepared statement "" requires 5", "portal "" does not exist", or rows for someone else's parameters
 * (electric-sql/pglite#1046; the fix in #977 is not released). So a connection holds the turn from its
 * first byte (startup included) until ReadyForQuery reports the session idle with nothing more in
 * flight, and the others' bytes wait here, in arrival order.
 * A connection idling inside a transaction keeps the turn and stalls everyone else; PGlite serves one
 * transaction at a time anyway (pglite-socket would hold the others back too), so code that needs two
 * at once cannot work locally either way.
 */
class Turn {
  private holder: TurnTaker | undefined;
  private readonly waiting: TurnTaker[] = [];

  /** True when `taker` holds the turn (taking it if free); otherwise it waits in line, once. */
  take(taker: TurnTaker): boolean {
    this.holder ??= taker;
    if (this.holder === taker) return true;
    if (!this.waiting.includes(taker)) this.waiting.push(taker);
    return false;
  }

  /** Passes the turn, if `taker` holds it, to the first waiting connection that still needs it. */
  release(taker: TurnTaker): void {
    if (this.holder !== taker) return;
    this.holder = undefined;
    while (this.holder === undefined) {
      const next = this.waiting.shift();
      if (!next) return;
      this.holder = next;
      if (!next.resume()) this.holder = undefined;
    }
  }

  withdraw(taker: TurnTaker): void {
    const index = this.waiting.indexOf(taker);
    if (index !== -1) this.waiting.splice(index, 1);
  }
}

export function startWsProxy(options: WsProxyOptions): Promise<WsProxy> {
  const waiting: Array<() => void> = [];
  let active = 0;
  const turn = options.sharedSession ? new Turn() : undefined;
  let roundTripMs = options.roundTripMs ?? 0;
  const counted: ProxyCounts = { connections: 0, statements: 0 };
  const oneWay = () => roundTripMs / 2;

  const release = () => {
    active -= 1;
    waiting.shift()?.();
  };

  const server = new WebSocketServer({
    port: options.port,
    host: "127.0.0.1",
    // Far away, opening a connection costs a round trip before the first byte (TLS adds more in production).
    verifyClient: (_info, accept) => void setTimeout(() => accept(true), roundTripMs),
  });
  server.on("connection", (ws: WebSocket) => {
    // Bytes that arrive while the connection waits for a slot are kept in order.
    const early: Buffer[] = [];
    let forward: (data: Buffer) => void = (data) => early.push(data);
    let closed = false;
    // Each direction is half the distance; the close that follows the last bytes travels with them.
    const arrive = delayed(oneWay);
    const reply = delayed(oneWay);
    ws.on("message", (data: Buffer) => arrive(() => forward(data)));
    ws.on("close", () => {
      closed = true;
    });

    const bridge = () => {
      if (closed) return;
      active += 1;
      counted.connections += 1;
      let released = false;
      const done = () => {
        if (released) return;
        released = true;
        release();
      };
      const tcp = net.connect(options.targetPort, options.targetHost);
      const conversation = new Conversation();
      let ended = false;
      const send = (data: Buffer) => {
        if (ended) return;
        tcp.write(data);
        const before = conversation.statements;
        conversation.frontend.read(data);
        counted.statements += conversation.statements - before;
        // pglite-socket does not close the TCP socket on Terminate, which would leave `pool.end()` hanging.
        if (conversation.terminated) {
          ended = true;
          tcp.end();
        }
      };
      const held: Buffer[] = [];
      const taker: TurnTaker = {
        resume: () => {
          for (const chunk of held.splice(0)) send(chunk);
          return !conversation.settled;
        },
      };
      forward = (data) => {
        if (turn && !turn.take(taker)) {
          held.push(data);
          return;
        }
        send(data);
        if (conversation.settled) turn?.release(taker);
      };
      for (const chunk of early.splice(0)) forward(chunk);
      tcp.on("data", (data) => {
        conversation.backend.read(data);
        reply(() => {
          if (ws.readyState === ws.OPEN) ws.send(data);
        });
        if (conversation.settled) turn?.release(taker);
      });
      tcp.on("close", () => {
        done();
        // Only now: pglite-socket may still be running this connection's messages until its socket closes.
        turn?.withdraw(taker);
        turn?.release(taker);
        reply(() => {
          if (ws.readyState === ws.OPEN) ws.close();
        });
      });
      tcp.on("error", () => tcp.destroy());
      ws.on("close", () =>
        arrive(() => {
          ended = true;
          turn?.withdraw(taker);
          tcp.end();
          done();
        }),
      );
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
        setRoundTrip: (ms) => {
          roundTripMs = ms;
        },
        counts: () => ({ ...counted }),
        close: () =>
          new Promise<void>((done) => {
            for (const client of server.clients) client.terminate();
            server.close(() => done());
          }),
      });
    });
  });
}
