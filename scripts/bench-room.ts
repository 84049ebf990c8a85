import { randomUUID } from "node:crypto";
import WebSocket from "ws";
import type { RoomServerMessage } from "../src/domain/pregnancyRoom";
import { ApiClient } from "../tests/support/client";
import { signUp } from "../tests/support/families";
import { connect, type OpenRoom } from "../tests/support/room";
import { pregnancyParticipants } from "../worker/db/schema";
import { spread } from "./bench-stats";
import { DEMO_FAMILY, DEMO_PASSWORD } from "./demo-family";
import { openNodeDb } from "./node-db";
import type { Stack } from "./stack";
import { GROUP_MESSAGE_MIN_GAP_MS } from "../src/domain/messaging";

/**
 * The waiting room under load: sockets in the demo pregnancy's room, group messages sent through
 * tRPC, and the time from each send until every socket has the message. Counted, not asserted.
 */
const SOCKETS = Number(process.env.BENCH_ROOM_SOCKETS ?? 100);
/** Signed-in participants holding the sockets between them; every one of them also sends. */
const PEOPLE = Number(process.env.BENCH_ROOM_PEOPLE ?? 20);
const LATENCY_MESSAGES = Number(process.env.BENCH_ROOM_MESSAGES ?? 200);
/** Offered rates (msg/s) of the throughput steps, each held for BENCH_ROOM_SECONDS. */
const RATES = (process.env.BENCH_ROOM_RATES ?? "5,10,15,20").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_ROOM_SECONDS ?? 10);
/** After the last send has answered, deliveries still missing this much later count as lost. */
const GRACE_MS = 5_000;
/**
 * A person's next message waits this long after the answer to their previous one: the server
 * refuses group messages closer than 500 ms ('You are sending too fast'), stamped on its own clock.
 */
const SEND_GAP_MS = GROUP_MESSAGE_MIN_GAP_MS + 20;
/** Sockets opened at once (each one is authorised against the database). */
const OPEN_CONCURRENCY = 10;
const CLOSE_TIMEOUT_MS = 5_000;
const POLL_MS = 2;
const REASON_MAX_CHARS = 60;
/** A step counts as sustained when the senders kept at least this share of the offered rate. */
const KEPT_UP = 0.95;

interface Person {
  client: ApiClient;
  /** When this person may send again without being throttled. */
  readyAt: number;
  busy: boolean;
}

/** One measured run: what was sent, and what the sockets received of it. */
interface Phase {
  sent: Tracked[];
  refused: Map<string, number>;
  sendLatencies: number[];
  deliveryLatencies: number[];
  duplicates: number;
  lastDeliveryAt: number;
}

interface Tracked {
  phase: Phase;
  sentAt: number;
  /** Copies received per socket. */
  copies: Uint16Array;
  delivered: number;
  everywhere: Promise<void>;
  arrivedEverywhere(): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const newPhase = (): Phase => ({ sent: [], refused: new Map(), sendLatencies: [], deliveryLatencies: [], duplicates: 0, lastDeliveryAt: 0 });

async function inBatches<T, R>(items: T[], size: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map((item, offset) => work(item, start + offset)))));
  }
  return results;
}

/** The five demo members (all may use the waiting room) and fresh guests of the demo pregnancy up to PEOPLE. */
async function gatherPeople(stack: Stack): Promise<{ pregnancyId: string; people: Person[] }> {
  const members = await Promise.all(
    DEMO_FAMILY.slice(0, PEOPLE).map(async (member) => {
      const client = new ApiClient(stack.url);
      const response = await client.signIn(member.email, DEMO_PASSWORD);
      if (!response.ok) throw new Error(`Demo sign-in for ${member.key} failed with ${response.status}`);
      return client;
    }),
  );
  const owner = members[0];
  const pregnancyId = (await owner?.trpc.pregnancy.mine.query())?.parentPregnancy?.id;
  if (!pregnancyId) throw new Error("The demo owner has no pregnancy");
  const guests = await inBatches(Array.from({ length: Math.max(0, PEOPLE - members.length) }), OPEN_CONCURRENCY, () => signUp("benchguest", undefined, stack.url));
  if (guests.length > 0) {
    const { db, close } = openNodeDb(stack.database.databaseUrl, stack.database.wsProxy);
    try {
      await db.insert(pregnancyParticipants).values(guests.map((guest) => ({ pregnancyId, userId: guest.userId, role: "guest" as const, status: "active" as const })));
    } finally {
      await close();
    }
  }
  return { pregnancyId, people: [...members, ...guests.map((guest) => guest.client)].map((client) => ({ client, readyAt: 0, busy: false })) };
}

export async function benchWaitingRoom(stack: Stack): Promise<void> {
  const { pregnancyId, people } = await gatherPeople(stack);
  const tracked = new Map<string, Tracked>();

  const receive = (socketIndex: number) => (message: RoomServerMessage, receivedAt: number) => {
    if (message.type !== "event" || message.event.kind !== "message") return;
    const sent = tracked.get(message.event.message.id);
    if (!sent) return;
    if (sent.copies[socketIndex]!++ > 0) {
      sent.phase.duplicates++;
      return;
    }
    sent.phase.deliveryLatencies.push(receivedAt - sent.sentAt);
    sent.phase.lastDeliveryAt = receivedAt;
    if (++sent.delivered === SOCKETS) sent.arrivedEverywhere();
  };

  const rooms: OpenRoom[] = await inBatches(Array.from({ length: SOCKETS }), OPEN_CONCURRENCY, (_, index) =>
    connect(pregnancyId, people[index % people.length]!.client, stack.url, receive(index)),
  );

  async function send(person: Person, phase: Phase): Promise<void> {
    const id = randomUUID();
    let arrivedEverywhere = () => {};
    const everywhere = new Promise<void>((resolve) => (arrivedEverywhere = resolve));
    const entry: Tracked = { phase, sentAt: performance.now(), copies: new Uint16Array(SOCKETS), delivered: 0, everywhere, arrivedEverywhere };
    tracked.set(id, entry);
    person.busy = true;
    try {
      await person.client.trpc.waitingRoom.messages.send.mutate({ pregnancyId, id, content: `Bench message ${tracked.size}` });
      phase.sendLatencies.push(performance.now() - entry.sentAt);
      phase.sent.push(entry);
    } catch (error) {
      // The first line names the failure; a failed query's message goes on with its SQL and parameters.
      const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0]!.slice(0, REASON_MAX_CHARS);
      phase.refused.set(reason, (phase.refused.get(reason) ?? 0) + 1);
    } finally {
      person.readyAt = performance.now() + SEND_GAP_MS;
      person.busy = false;
    }
  }

  /** The free person who may send soonest, once they may (and not before `due`). */
  async function nextSender(due: number): Promise<Person> {
    for (;;) {
      const free = people.filter((person) => !person.busy).sort((a, b) => a.readyAt - b.readyAt)[0];
      if (free) {
        const wait = Math.max(due, free.readyAt) - performance.now();
        if (wait > 0) await sleep(wait);
        return free;
      }
      await sleep(POLL_MS);
    }
  }

  /** Waits for the stragglers, then counts: deliveries expected of the messages sent OK, received, lost, duplicated. */
  async function settle(phase: Phase) {
    await Promise.race([Promise.all(phase.sent.map((sent) => sent.everywhere)), sleep(GRACE_MS)]);
    const expected = phase.sent.length * SOCKETS;
    const lost = expected - phase.sent.reduce((sum, sent) => sum + sent.delivered, 0);
    const everywhere = phase.sent.filter((sent) => sent.delivered === SOCKETS).length;
    const refused = [...phase.refused.values()].reduce((sum, times) => sum + times, 0);
    const reasons = [...phase.refused].map(([reason, times]) => `${times}× ${reason}`).join(", ");
    const counts = `lost ${lost}/${expected}   duplicates ${phase.duplicates}   sends refused ${refused}${reasons ? `\n${"".padEnd(29)}refused: ${reasons}` : ""}`;
    return { everywhere, clean: lost === 0 && phase.duplicates === 0 && refused === 0, counts };
  }

  try {
    const open = rooms.filter((room) => room.socket.readyState === WebSocket.OPEN).length;
    console.log(`\nWaiting room: ${open}/${SOCKETS} sockets open in one room, held by ${people.length} signed-in participants who all send`);
    console.log(`(a person sends at most one group message per ${GROUP_MESSAGE_MIN_GAP_MS} ms, so ${people.length} people offer under ${(people.length * 1000) / GROUP_MESSAGE_MIN_GAP_MS} msg/s)\n`);
    if (open !== SOCKETS) throw new Error(`Only ${open} of ${SOCKETS} sockets opened`);

    const latency = newPhase();
    for (let sent = 0; sent < LATENCY_MESSAGES; sent++) {
      await send(await nextSender(0), latency);
      // One at a time: the next send waits until this one reached every socket (or gave up).
      const last = latency.sent.at(-1);
      if (last) await Promise.race([last.everywhere, sleep(GRACE_MS)]);
    }
    const { counts: latencyCounts } = await settle(latency);
    console.log(`${"room send → all sockets".padEnd(28)} ${String(LATENCY_MESSAGES).padStart(6)} msgs one at a time   ${spread(latency.deliveryLatencies)}   ${latencyCounts}`);
    console.log(`${"room send call".padEnd(28)} ${"".padStart(6)}                       ${spread(latency.sendLatencies)}`);

    let sustained = 0;
    for (const rate of RATES) {
      const phase = newPhase();
      const started = performance.now();
      const sends: Promise<void>[] = [];
      for (let k = 0; k < rate * SECONDS; k++) sends.push(send(await nextSender(started + (k * 1000) / rate), phase));
      await Promise.all(sends);
      const sentRate = phase.sent.length / ((performance.now() - started) / 1000);
      const { everywhere, clean, counts } = await settle(phase);
      const deliveredSeconds = (Math.max(phase.lastDeliveryAt, started + 1) - started) / 1000;
      console.log(
        `${`room offered ${rate} msg/s`.padEnd(28)} ${(everywhere / deliveredSeconds).toFixed(1).padStart(6)} msg/s on all ${SOCKETS} sockets (${(phase.deliveryLatencies.length / deliveredSeconds).toFixed(0)} deliveries/s, sent OK ${sentRate.toFixed(1)}/s)   ${spread(phase.deliveryLatencies)}   ${counts}`,
      );
      if (clean && sentRate >= KEPT_UP * rate) sustained = Math.max(sustained, rate);
    }
    console.log(`${"room sustained".padEnd(28)} ${String(sustained).padStart(6)} msg/s for ${SECONDS} s: the highest offered rate sent in full with nothing refused, lost or duplicated`);
  } finally {
    await Promise.all(
      rooms.map(
        (room) =>
          new Promise<void>((resolve) => {
            if (room.socket.readyState === WebSocket.CLOSED) return resolve();
            const timer = setTimeout(resolve, CLOSE_TIMEOUT_MS);
            room.socket.once("close", () => (clearTimeout(timer), resolve()));
            room.socket.close();
          }),
      ),
    );
  }
}
