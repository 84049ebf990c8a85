import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import net from "node:net";
import pg from "pg";
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

/** Where the proxy answers its counts (`ProxyCounts`) over HTTP. */
export const COUNTS_PATH = "/counts";

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
export function delayed(delay: () => number): (action: () => void) => void {
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

/** One client of the proxy, seen as bytes: a Worker's WebSocket, or the SQL-over-HTTP endpoint's own connection. */
interface Link {
  onData(listener: (data: Buffer) => void): void;
  onClose(listener: () => void): void;
  send(data: Buffer): void;
  end(): void;
}

/** The proxy's own answer to a driver's SQL-over-HTTP request (Neon's `/sql` endpoint, as the driver's fetch path reads it). */
interface SqlAnswer {
  status: number;
  body: unknown;
}

/**
 * Each distinct statement is prepared once, by name, so the database keeps its plan. PGlite is
 * Postgres compiled to WebAssembly, running in this process: it spent longer planning the pregnancy
 * list than running it (0.4 ms of 1 ms; 0.23 ms once prepared), where Neon's native Postgres plans
 * it in a fraction of that. Only speed differs: the Worker's statements and answers are the same.
 */
const statementName = (text: string) => `local_${createHash("sha1").update(text).digest("hex")}`;

/** Every value as Postgres sent it: the driver parses them itself ("Neon-Raw-Text-Output"). */
const RAW_TEXT = { getTypeParser: () => (value: string) => value };

function databaseErrorFields(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof pg.DatabaseError)) return undefined;
  return { ...error, message: error.message };
}

export function startWsProxy(options: WsProxyOptions): Promise<WsProxy> {
  const waiting: Array<() => void> = [];
  let active = 0;
  const turn = options.sharedSession ? new Turn() : undefined;
  let roundTripMs = options.roundTripMs ?? 0;
  const counted: ProxyCounts = { connections: 0, statements: 0 };
  const oneWay = () => roundTripMs / 2;
  const wait = (ms: number) => new Promise<void>((done) => (ms > 0 ? setTimeout(done, ms) : done()));

  const release = () => {
    active -= 1;
    waiting.shift()?.();
  };

  /** Connects `link` to the target, taking the shared session's turn when the target has only one. */
  const serve = (link: Link, countConnection: boolean) => {
    // Bytes that arrive while the link waits for a slot are kept in order.
    const early: Buffer[] = [];
    let forward: (data: Buffer) => void = (data) => early.push(data);
    let closed = false;
    let onClosed = () => {
      closed = true;
    };
    link.onData((data) => forward(data));
    link.onClose(() => onClosed());

    const bridge = () => {
      if (closed) return;
      active += 1;
      if (countConnection) counted.connections += 1;
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
        link.send(data);
        if (conversation.settled) turn?.release(taker);
      });
      tcp.on("close", () => {
        done();
        // Only now: pglite-socket may still be running this connection's messages until its socket closes.
        turn?.withdraw(taker);
        turn?.release(taker);
        link.end();
      });
      tcp.on("error", () => tcp.destroy());
      onClosed = () => {
        ended = true;
        turn?.withdraw(taker);
        tcp.end();
        done();
      };
    };

    if (active < options.maxConnections) bridge();
    else waiting.push(bridge);
  };

  // The SQL-over-HTTP endpoint's connections come in here, next to the database (no distance): they
  // stand for the pool Neon keeps beside Postgres, so they are not counted as the Worker's connections.
  const nearby = net.createServer((socket) => {
    serve(
      {
        onData: (listener) => socket.on("data", listener),
        onClose: (listener) => socket.on("close", listener),
        send: (data) => socket.write(data),
        end: () => socket.end(),
      },
      false,
    );
    socket.on("error", () => socket.destroy());
  });
  const sqlPools = new Map<string, pg.Pool>();
  const sqlPool = (connectionString: string) => {
    let found = sqlPools.get(connectionString);
    if (!found) {
      const url = new URL(connectionString);
      const address = nearby.address();
      found = new pg.Pool({
        host: "127.0.0.1",
        port: typeof address === "object" && address ? address.port : 0,
        user: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
        database: decodeURIComponent(url.pathname.slice(1)),
        // Prepared statements live in the session, which every connection to PGlite shares: a second
        // connection would prepare the same name again and be refused. So one connection, kept open.
        ...(options.sharedSession ? { max: 1, idleTimeoutMillis: 0 } : {}),
      });
      // An idle connection the target dropped is replaced on the next query.
      found.on("error", () => undefined);
      // A replacement (after a connection error) starts knowing no statement: the shared session forgets the old one's too.
      let connectedBefore = false;
      if (options.sharedSession)
        found.on("connect", (client) => {
          if (connectedBefore) void client.query("deallocate all").catch(() => undefined);
          connectedBefore = true;
        });
      sqlPools.set(connectionString, found);
    }
    return found;
  };

  /** One statement per request: drizzle's neon-serverless Pool sends nothing else (no `queries` batches). */
  const answerSql = async (connectionString: string | undefined, body: string): Promise<SqlAnswer> => {
    const request = JSON.parse(body) as { query?: unknown; params?: unknown };
    if (!connectionString || typeof request.query !== "string") return { status: 400, body: { message: "The local SQL endpoint takes one query with its connection string." } };
    const client = await sqlPool(connectionString).connect();
    try {
      const result = await client.query({
        name: statementName(request.query),
        text: request.query,
        values: Array.isArray(request.params) ? request.params : [],
        rowMode: "array",
        types: RAW_TEXT,
      });
      client.release();
      return { status: 200, body: { command: result.command, rowCount: result.rowCount, fields: result.fields, rows: result.rows } };
    } catch (error) {
      const fields = databaseErrorFields(error);
      // A statement Postgres refused leaves the connection and its prepared statements as they were;
      // anything else (the connection failed) replaces it (pool.query would replace it either way).
      client.release(fields ? undefined : error instanceof Error ? error : new Error(String(error)));
      if (fields) return { status: 400, body: fields };
      throw error;
    }
  };

  const server = createServer((request, response) => {
    // For tests in another process than the stack (the production configuration's).
    if (request.method === "GET" && request.url === COUNTS_PATH) {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(counted));
      return;
    }
    if (request.method !== "POST" || request.url !== "/sql") {
      response.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      // A statement over HTTP costs one round trip: the edge keeps its HTTPS connection to the endpoint open.
      void wait(oneWay())
        .then(() => answerSql(request.headers["neon-connection-string"]?.toString(), Buffer.concat(chunks).toString("utf8")))
        .catch((error: unknown) => ({ status: 500, body: { message: error instanceof Error ? error.message : String(error) } }))
        .then(async (answer) => {
          await wait(oneWay());
          response.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
        });
    });
  });

  const webSockets = new WebSocketServer({
    server,
    // Far away, opening a connection costs a round trip before the first byte (TLS adds more in production).
    verifyClient: (_info, accept) => void setTimeout(() => accept(true), roundTripMs),
  });
  webSockets.on("connection", (ws: WebSocket) => {
    // Each direction is half the distance; the close that follows the last bytes travels with them.
    const arrive = delayed(oneWay);
    const reply = delayed(oneWay);
    serve(
      {
        onData: (listener) => ws.on("message", (data: Buffer) => arrive(() => listener(data))),
        onClose: (listener) => ws.on("close", () => arrive(listener)),
        send: (data) =>
          reply(() => {
            if (ws.readyState === ws.OPEN) ws.send(data);
          }),
        end: () =>
          reply(() => {
            if (ws.readyState === ws.OPEN) ws.close();
          }),
      },
      true,
    );
    ws.on("error", () => ws.terminate());
  });

  const listen = (target: Server | net.Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      target.once("error", reject);
      target.listen(port, "127.0.0.1", () => {
        const address = target.address();
        resolve(typeof address === "object" && address ? address.port : port);
      });
    });

  return Promise.all([listen(server, options.port), listen(nearby, 0)]).then(([port]) => ({
    port,
    setRoundTrip: (ms) => {
      roundTripMs = ms;
    },
    counts: () => ({ ...counted }),
    close: async () => {
      await Promise.all([...sqlPools.values()].map((pool) => pool.end()));
      for (const client of webSockets.clients) client.terminate();
      await new Promise<void>((done) => webSockets.close(() => done()));
      server.closeAllConnections();
      await Promise.all([new Promise<void>((done) => server.close(() => done())), new Promise<void>((done) => nearby.close(() => done()))]);
    },
  }));
}
