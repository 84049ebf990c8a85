/**
 * The weekly digest without a cap (issue 39): 5,000 relatives of one family, each due on the same
 * Monday morning, with a post new to all of them. One hourly run claims them all and enqueues them
 * in pages; the digest queue's consumer composes each mail into the outbox, whose consumer delivers it (locally
 * the capture: the outbox row marked delivered). Printed: the run, the time until every digest is
 * composed and delivered, the rate, and the database statements per recipient (counted at the
 * local database's proxy). Locally each queue has one consumer at a time; production runs up to
 * wrangler.toml's max_concurrency of them.
 */
import { and, eq, inArray } from "drizzle-orm";
import { addDays, lmpFromDueDate, serviceEndDate, startOfWeek, todayIso } from "../src/domain/dates";
import { DIGEST_PAGE_SIZE } from "../src/domain/weeklyDigest";
import { mailOutbox, posts, pregnancies, pregnancyParticipants, users } from "../worker/db/schema";
import { openNodeDb } from "./node-db";
import type { Stack } from "./stack";
import { COUNTS_PATH, type ProxyCounts } from "./ws-proxy";

const RECIPIENTS = Number(process.env.BENCH_DIGEST_RECIPIENTS ?? 5000);
const TITLE = "Bench Family";
const ROWS_PER_INSERT = 1000;
const POLL_MS = 500;
const TIMEOUT_MS = 30 * 60 * 1000;
const HOUR_S = 3600;

const statementCount = async (stack: Stack) => ((await (await fetch(`http://${stack.database.wsProxy}${COUNTS_PATH}`)).json()) as ProxyCounts).statements;

/** One family with RECIPIENTS guests (immediate family, digest on, UTC) and one post from this week. */
async function seed(stack: Stack, monday: Date): Promise<void> {
  const { db, close } = openNodeDb(stack.database.databaseUrl, stack.database.wsProxy);
  try {
    const run = crypto.randomUUID().slice(0, 8);
    const ownerId = crypto.randomUUID();
    await db.insert(users).values({ id: ownerId, name: "Bench Owner", firstName: "Bench", lastName: "Owner", email: `bench.owner.${run}@example.test`, emailVerified: true });
    const dueDate = addDays(todayIso(), 60);
    const [pregnancy] = await db
      .insert(pregnancies)
      .values({ title: TITLE, status: "active", createdByUserId: ownerId, dueDate, lastMenstrualPeriod: lmpFromDueDate(dueDate), serviceEndDate: serviceEndDate(dueDate) })
      .returning({ id: pregnancies.id });
    const pregnancyId = pregnancy!.id;
    await db.insert(pregnancyParticipants).values({ pregnancyId, userId: ownerId, role: "owner", status: "active" });
    for (let start = 0; start < RECIPIENTS; start += ROWS_PER_INSERT) {
      const people = Array.from({ length: Math.min(ROWS_PER_INSERT, RECIPIENTS - start) }, (_, i) => ({
        id: crypto.randomUUID(),
        name: `Relative ${start + i}`,
        firstName: "Relative",
        lastName: String(start + i),
        email: `bench.relative.${run}.${start + i}@example.test`,
        emailVerified: true,
      }));
      await db.insert(users).values(people);
      await db.insert(pregnancyParticipants).values(people.map((p) => ({ pregnancyId, userId: p.id, role: "guest" as const, status: "active" as const, privacyLevel: "immediate-family" as const })));
    }
    const yesterday = new Date(monday.getTime() - 24 * 60 * 60 * 1000);
    await db.insert(posts).values({ pregnancyId, authorId: ownerId, content: "<p>The nursery is painted.</p>", privacyLevel: "immediate-family", createdAt: yesterday, updatedAt: yesterday });
  } finally {
    await close();
  }
}

export async function benchDigest(stack: Stack): Promise<void> {
  // The coming Monday, 09:00 UTC: every seeded relative's digest is due then.
  const monday = new Date(`${startOfWeek(addDays(todayIso(), 7))}T09:00:00Z`);
  console.log(`\nWeekly digest: ${RECIPIENTS} relatives due the same Monday hour, local stack (one consumer per queue at a time)\n`);
  await seed(stack, monday);
  const { db, close } = openNodeDb(stack.database.databaseUrl, stack.database.wsProxy);
  try {
    const subject = `${TITLE}: your week`;
    const mails = (states: Array<"pending" | "sending" | "delivered">) => db.$count(mailOutbox, and(eq(mailOutbox.subject, subject), inArray(mailOutbox.state, states)));
    const statementsBefore = await statementCount(stack);
    const started = performance.now();
    const response = await fetch(`${stack.url}/api/dev/weekly-digest`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ now: monday.toISOString() }) });
    if (!response.ok) throw new Error(`digest run failed: ${response.status}`);
    const summary = (await response.json()) as { due: number };
    let composedS: number | undefined;
    for (;;) {
      const [written, delivered] = await Promise.all([mails(["pending", "sending", "delivered"]), mails(["delivered"])]);
      if (composedS === undefined && written >= RECIPIENTS) composedS = (performance.now() - started) / 1000;
      if (delivered >= RECIPIENTS) break;
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`only ${delivered} of ${RECIPIENTS} digests delivered`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const deliveredS = (performance.now() - started) / 1000;
    const statements = (await statementCount(stack)) - statementsBefore;
    const rate = RECIPIENTS / deliveredS;
    console.log(`${"claimed and enqueued".padEnd(28)} ${summary.due} recipients in one run`);
    console.log(`${"all composed (outbox rows)".padEnd(28)} ${composedS?.toFixed(1)} s`);
    console.log(`${"all delivered".padEnd(28)} ${deliveredS.toFixed(1)} s   ${rate.toFixed(0)} digests/s   ${deliveredS < HOUR_S ? "within" : "OVER"} the Monday hour`);
    console.log(`${"one hour at this rate".padEnd(28)} ${Math.floor(rate * HOUR_S).toLocaleString("en")} digests, one consumer per queue`);
    console.log(`${"statements per recipient".padEnd(28)} ${(statements / RECIPIENTS).toFixed(1)} (run, compose, record, deliver; incl. polling by this bench)`);
    console.log(`${"queue messages per recipient".padEnd(28)} ${(1 + 1 / DIGEST_PAGE_SIZE).toFixed(3)} (its outbox message, a ${DIGEST_PAGE_SIZE}th of a digest page): ${(3 * (1 + 1 / DIGEST_PAGE_SIZE)).toFixed(2)} queue operations (write, read, delete)\n`);
  } finally {
    await close();
  }
}
