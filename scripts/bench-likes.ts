import { sql } from "drizzle-orm";
import type { Db } from "../worker/db";
import { spread } from "./bench-stats";
import { startLocalDatabase } from "./local-db";
import { migrateDatabase } from "./migrate";
import { openNodeDb } from "./node-db";

/**
 * Likes, two designs measured on the same photos table (issue 19, item 6): a count column kept in
 * the like's transaction, or the likes counted when read. Reads: one page of the album, each design
 * one statement. Writes: a like as the service sends it, counted in round trips (each statement,
 * BEGIN and COMMIT is one trip to the database). Figures are printed, not asserted.
 */
const ITEMS = Number(process.env.BENCH_LIKES_ITEMS ?? 1000);
const LIKERS = Number(process.env.BENCH_LIKES_LIKERS ?? 40);
const PAGE = 50;
const RUNS = Number(process.env.BENCH_LIKES_RUNS ?? 200);

async function time(runs: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run(i);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

async function seed(db: Db): Promise<{ pregnancyId: string; photoIds: string[]; userIds: string[] }> {
  const userIds = Array.from({ length: LIKERS }, (_, i) => `bench-liker-${i}`);
  await db.execute(sql`insert into users (id, name, first_name, last_name, email) select 'bench-liker-' || i, 'Liker', 'Liker', 'Bench', 'liker' || i || '@bench.test' from generate_series(0, ${LIKERS - 1}) i`);
  const [pregnancy] = (await db.execute<{ id: string }>(sql`insert into pregnancies (title, due_date, service_end_date, created_by_user_id) values ('Bench likes', current_date + 90, current_date + 400, 'bench-liker-0') returning id`)).rows;
  if (!pregnancy) throw new Error("bench pregnancy not created");
  const photoIds = (
    await db.execute<{ id: string }>(sql`insert into photos (pregnancy_id, file_url, storage_path, uploaded_by, file_size, mime_type, created_at)
      select ${pregnancy.id}, '/x', 'k' || i, 'bench-liker-0', 1000, 'image/jpeg', now() - (i || ' minutes')::interval from generate_series(1, ${ITEMS}) i returning id`)
  ).rows.map((row) => row.id);
  // Every photo liked by a third to all of the likers, and the column set to match.
  await db.execute(sql`insert into photo_likes (photo_id, user_id)
    select p.id, 'bench-liker-' || u from photos p cross join generate_series(0, ${LIKERS - 1}) u where p.pregnancy_id = ${pregnancy.id} and u % 3 <> 0 or u = 0`);
  await db.execute(sql`update photos set likes_count = (select count(*) from photo_likes l where l.photo_id = photos.id) where pregnancy_id = ${pregnancy.id}`);
  await db.execute(sql`analyze`);
  return { pregnancyId: pregnancy.id, photoIds, userIds };
}

export async function benchLikes(): Promise<void> {
  const database = await startLocalDatabase({});
  await migrateDatabase(database.databaseUrl, database.wsProxy);
  const { db, close } = openNodeDb(database.databaseUrl, database.wsProxy);
  try {
    const { pregnancyId, photoIds } = await seed(db);
    const byColumn = () => db.execute(sql`select id, likes_count from photos where pregnancy_id = ${pregnancyId} order by created_at desc limit ${PAGE}`);
    const byCount = () =>
      db.execute(sql`select p.id, (select count(*)::int from photo_likes l where l.photo_id = p.id) as likes from photos p where p.pregnancy_id = ${pregnancyId} order by p.created_at desc limit ${PAGE}`);
    await byColumn();
    await byCount();
    console.log(`likes: ${ITEMS} photos, up to ${LIKERS} likes each, a page of ${PAGE}`);
    console.log(`  read, count column          ${spread(await time(RUNS, byColumn))}   1 round trip`);
    console.log(`  read, counted when read     ${spread(await time(RUNS, byCount))}   1 round trip`);

    // Likers who have not liked yet (multiples of 3 but 0), so every write adds a like.
    const liker = (i: number) => `bench-liker-${3 * (1 + (i % Math.floor((LIKERS - 1) / 3)))}`;
    const photoOf = (i: number) => photoIds[i % photoIds.length] ?? "";
    // Column design, as the photo service did it: like and recount in one transaction.
    const inTransaction = (i: number) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into photo_likes (photo_id, user_id) values (${photoOf(i)}, ${liker(i)}) on conflict do nothing`);
        await tx.execute(sql`update photos set likes_count = (select count(*) from photo_likes l where l.photo_id = photos.id) where id = ${photoOf(i)} returning likes_count`);
      });
    // Counted design: the like, and the count in the same statement.
    const oneStatement = (i: number) =>
      db.execute(sql`with added as (insert into photo_likes (photo_id, user_id) values (${photoOf(i + 7)}, ${liker(i)}) on conflict do nothing returning 1)
        select (select count(*)::int from photo_likes where photo_id = ${photoOf(i + 7)}) + (select count(*)::int from added) as likes`);
    const writes = Math.min(RUNS, photoIds.length);
    console.log(`  like, count column kept     ${spread(await time(writes, inTransaction))}   4 round trips (BEGIN, insert, recount, COMMIT)`);
    console.log(`  like, counted when read     ${spread(await time(writes, oneStatement))}   1 round trip`);
  } finally {
    await close();
    await database.close();
  }
}

if (process.argv[1]?.endsWith("bench-likes.ts")) await benchLikes();
