import { eq } from "drizzle-orm";
import superjson from "superjson";
import { addDays, lmpFromDueDate, serviceEndDate, todayIso } from "../src/domain/dates";
import { ITEM_PRIVACY_LEVELS } from "../src/domain/enums";
import { confirmEmail, signUp } from "../tests/support/families";
import type { ApiClient } from "../tests/support/client";
import { postPhotos, untilCopiesMade, type UploadPart } from "../tests/support/photoUpload";
import type { UploadResult } from "../worker/services/photoUpload";
import { photoGuestTags, photoLikes, photos, pregnancies, pregnancyParticipants, users } from "../worker/db/schema";
import type { Bindings } from "../worker/env";
import { createPictureLinks } from "../worker/infra/pictureLinks";
import { createOutbox } from "../worker/infra/outbox";
import { confirmedSession, loadPregnancyAccess } from "../worker/services/access";
import type { PregnancyCaller } from "../worker/services/caller";
import { listPhotos } from "../worker/services/photos";
import { readFileSync } from "node:fs";
import { drive, spread } from "./bench-stats";
import { exifWithGps } from "./images/exif";
import { encodeJpeg } from "./images/jpeg";
import { createRaster, paintNoise } from "./images/raster";
import { openNodeDb } from "./node-db";
import type { Stack } from "./stack";
import { BYTES_PER_MB, MS_PER_MINUTE } from "../src/domain/units";
import { PHOTO_MAX_FILES } from "../src/domain/uploads";
import { PHOTO_PAGE_SIZE } from "../src/domain/photos";
import { UNLIMITED_PHOTO_SENTINEL } from "../src/domain/billing";

/**
 * The photo album under load: the page query over a bench pregnancy of 1,000 photos (rows written
 * straight into the database, with guest tags and likes), through tRPC and as the service's SQL
 * from Node; upload throughput of 20 files of about 2 MB through the real route; and a 12 MP HEIC's
 * upload request against the queue consumer's time to make its copies. Counted, not asserted.
 */
const ALBUM_PHOTOS = Number(process.env.BENCH_ALBUM_PHOTOS ?? 1000);
const ALBUM_REQUESTS = Number(process.env.BENCH_ALBUM_REQUESTS ?? 200);
/** Viewers loading pages at once in the load run (the other runs are one viewer, one page at a time). */
const ALBUM_CONCURRENCY = Number(process.env.BENCH_ALBUM_CONCURRENCY ?? 10);
const UPLOAD_ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3);
/** Separate single-file requests in flight at once, for the per-file variant. */
const UPLOAD_CONCURRENCY = Number(process.env.BENCH_UPLOAD_CONCURRENCY ?? 4);
/** A noise picture of this side is a JPEG of about 2 MB (quality 92, 3.7 bytes a pixel). */
const UPLOAD_SIDE = 752;
const UPLOAD_QUALITY = 92;
/** Distinct pictures among the 20 files (encoding each takes a quarter of a second). */
const UPLOAD_PICTURES = 4;
const INSERT_CHUNK = 250;
/** The last full page of the album, reached by following the cursors. */
const DEEP_PAGE = Math.max(1, Math.floor(ALBUM_PHOTOS / PHOTO_PAGE_SIZE) - 1);
const TAGS = ["bump", "ultrasound", "nursery", "family", "party", "milestone", "outdoors", "twins"];
const FIRST_WEEK = 4;
const WEEKS = 37;
/** Every third photo tags the guest, every fourth is liked by the guest. */
const TAG_EVERY = 3;
const LIKE_EVERY = 4;
const UPLOAD_BY_GUEST_EVERY = 10;
/** 12 MP HEICs uploaded one after another for the photo-copies run (issue 39). */
const COPIES_PHOTOS = Number(process.env.BENCH_COPIES_PHOTOS ?? 6);
const HEIC_12MP = new Uint8Array(readFileSync(new URL("../tests/fixtures/picture-12mp.heic", import.meta.url)));

/** A pregnancy of the benches' own, due in 90 days, with unlimited photo storage. */
export async function insertBenchPregnancy(db: ReturnType<typeof openNodeDb>["db"], title: string, ownerId: string): Promise<string> {
  const dueDate = addDays(todayIso(), 90);
  const [pregnancy] = await db
    .insert(pregnancies)
    .values({ title, status: "active", createdByUserId: ownerId, dueDate, lastMenstrualPeriod: lmpFromDueDate(dueDate), serviceEndDate: serviceEndDate(dueDate), photoStorageLimit: UNLIMITED_PHOTO_SENTINEL })
    .returning({ id: pregnancies.id });
  if (!pregnancy) throw new Error("bench pregnancy not created");
  return pregnancy.id;
}

/** A family of a bench's own: a fresh owner with a confirmed email, and a pregnancy of unlimited storage. */
export async function benchFamily(stack: Stack, label: string, title: string): Promise<{ client: ApiClient; userId: string; pregnancyId: string }> {
  const owner = await signUp(label, undefined, stack.url);
  await confirmEmail(owner.client, owner.email);
  const { db, close } = openNodeDb(stack.database.databaseUrl, stack.database.wsProxy);
  try {
    const pregnancyId = await insertBenchPregnancy(db, title, owner.userId);
    await db.insert(pregnancyParticipants).values({ pregnancyId, userId: owner.userId, role: "owner", status: "active" });
    return { client: owner.client, userId: owner.userId, pregnancyId };
  } finally {
    await close();
  }
}

/** A family of its own: an owner, a friends-level guest, unlimited storage and ALBUM_PHOTOS photos across the weeks. */
async function benchAlbum(stack: Stack) {
  const [owner, guest] = await Promise.all([signUp("benchalbum", undefined, stack.url), signUp("benchfriend", undefined, stack.url)]);
  const { db, close } = openNodeDb(stack.database.databaseUrl, stack.database.wsProxy);
  try {
    const pregnancyId = await insertBenchPregnancy(db, "Bench Album", owner.userId);
    const participants = await db
      .insert(pregnancyParticipants)
      .values([
        { pregnancyId, userId: owner.userId, role: "owner" as const, status: "active" as const },
        { pregnancyId, userId: guest.userId, role: "guest" as const, status: "active" as const, privacyLevel: "friends" as const },
      ])
      .returning({ id: pregnancyParticipants.id, role: pregnancyParticipants.role });
    const guestParticipant = participants.find((p) => p.role === "guest")?.id;
    if (!guestParticipant) throw new Error("bench guest not added");
    const now = Date.now();
    for (let start = 0; start < ALBUM_PHOTOS; start += INSERT_CHUNK) {
      const rows = await db
        .insert(photos)
        .values(
          Array.from({ length: Math.min(INSERT_CHUNK, ALBUM_PHOTOS - start) }, (_, offset) => {
            const i = start + offset;
            return {
              pregnancyId,
              uploadedBy: i % UPLOAD_BY_GUEST_EVERY === 0 ? guest.userId : owner.userId,
              title: `Bench photo ${i}`,
              fileUrl: "",
              storagePath: `pregnancies/${pregnancyId}/photos/${crypto.randomUUID()}.jpg`,
              fileSize: 2 * BYTES_PER_MB,
              mimeType: "image/jpeg",
              week: FIRST_WEEK + (i % WEEKS),
              tags: [TAGS[i % TAGS.length]!, TAGS[(i * 3 + 1) % TAGS.length]!],
              privacyLevel: ITEM_PRIVACY_LEVELS[i % ITEM_PRIVACY_LEVELS.length]!,
              createdAt: new Date(now - i * MS_PER_MINUTE),
            };
          }),
        )
        .returning({ id: photos.id });
      const tagged = rows.filter((_, k) => (start + k) % TAG_EVERY === 0).map((row) => ({ photoId: row.id, participantId: guestParticipant }));
      const liked = rows.filter((_, k) => (start + k) % LIKE_EVERY === 0).map((row) => ({ photoId: row.id, userId: guest.userId }));
      if (tagged.length > 0) await db.insert(photoGuestTags).values(tagged);
      if (liked.length > 0) await db.insert(photoLikes).values(liked);
    }
    return { pregnancyId, owner, guest, db, close };
  } catch (error) {
    await close();
    throw error;
  }
}

const listUrl = (stack: Stack, input: object) => `${stack.url}/api/trpc/photos.list?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
const asBrowser = (stack: Stack, client: ApiClient) => ({ headers: { cookie: client.cookieHeader, origin: stack.url } });

/** Pictures of about 2 MB that do not compress, as phone JPEGs with GPS Exif (so the route strips them). */
export function uploadFiles(): UploadPart[] {
  const pictures = Array.from({ length: UPLOAD_PICTURES }, (_, seed) => {
    const raster = createRaster(UPLOAD_SIDE, UPLOAD_SIDE);
    paintNoise(raster, seed + 1);
    return encodeJpeg(raster, UPLOAD_QUALITY, [exifWithGps({ latitude: 51.5, longitude: -0.12 })]);
  });
  return Array.from({ length: PHOTO_MAX_FILES }, (_, i) => ({ name: `bench-${i}.jpg`, bytes: pictures[i % UPLOAD_PICTURES]!, type: "image/jpeg" }));
}

async function timed(work: () => Promise<Response[]>): Promise<number> {
  const started = performance.now();
  const responses = await work();
  for (const response of responses) {
    if (response.status !== 200) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
    const { results } = (await response.json()) as { results: Array<{ success: boolean; errors: string[] }> };
    const refused = results.filter((r) => !r.success);
    if (refused.length > 0) throw new Error(`upload refused files: ${refused.flatMap((r) => r.errors).join("; ")}`);
  }
  return (performance.now() - started) / 1000;
}

function rate(label: string, seconds: number[], files: number, bytes: number) {
  const best = Math.min(...seconds);
  const mean = seconds.reduce((sum, s) => sum + s, 0) / seconds.length;
  const megabytes = bytes / BYTES_PER_MB;
  console.log(
    `${label.padEnd(28)} ${(megabytes / mean).toFixed(1).padStart(6)} MB/s  ${(files / mean).toFixed(1)} files/s (mean of ${seconds.length}; best ${(megabytes / best).toFixed(1)} MB/s, ${(files / best).toFixed(1)} files/s)   ${spread(seconds.map((s) => s * 1000))} per round`,
  );
}

export async function benchPhotos(stack: Stack): Promise<void> {
  const album = await benchAlbum(stack);
  try {
    const { pregnancyId, owner, guest } = album;
    console.log(`\nPhoto album: ${ALBUM_PHOTOS} photos in one pregnancy, pages of 50; ${ALBUM_REQUESTS} requests per line, one at a time unless said\n`);
    let cursor: string | null = null;
    for (let page = 0; page < DEEP_PAGE - 1; page++) cursor = (await owner.client.trpc.photos.list.query({ pregnancyId, cursor })).nextCursor;
    const asOwner = asBrowser(stack, owner.client);
    await drive("album page 1 (parent)", () => fetch(listUrl(stack, { pregnancyId }), asOwner), ALBUM_REQUESTS, 1);
    await drive("album page 1 (friends guest)", () => fetch(listUrl(stack, { pregnancyId }), asBrowser(stack, guest.client)), ALBUM_REQUESTS, 1);
    await drive(`album page ${DEEP_PAGE} (cursor)`, () => fetch(listUrl(stack, { pregnancyId, cursor }), asOwner), ALBUM_REQUESTS, 1);
    await drive("album tag + week filter", () => fetch(listUrl(stack, { pregnancyId, tags: ["nursery"], week: 20 }), asOwner), ALBUM_REQUESTS, 1);
    await drive("photos.filters", () => fetch(listUrl(stack, { pregnancyId }).replace("photos.list", "photos.filters"), asOwner), ALBUM_REQUESTS, 1);
    await drive(`album page 1, ${ALBUM_CONCURRENCY} at a time`, () => fetch(listUrl(stack, { pregnancyId }), asOwner), ALBUM_REQUESTS, ALBUM_CONCURRENCY);

    // The same page as the service computes it, from Node: three queries over the local proxy, no Worker.
    const access = await loadPregnancyAccess(album.db, guest.userId, pregnancyId);
    const [user] = await album.db.select().from(users).where(eq(users.id, guest.userId));
    if (!access || !user) throw new Error("bench guest has no access");
    // listPhotos only reads the database: the caller's bindings are never looked at, nothing is mailed or left to finish.
    const env = {} as Bindings;
    const outbox = createOutbox(env, album.db);
    // Its picture links are signed for the guest's session, as the Worker would sign them.
    const viewer = new Request(stack.url, { headers: { cookie: guest.client.cookieHeader } });
    const caller: PregnancyCaller = { db: album.db, env, origin: stack.url, waitUntil: () => undefined, mailer: outbox, outbox, now: new Date(), pictures: createPictureLinks("bench", viewer, new Date()), user, liveSession: confirmedSession(user), access };
    const sqlLatencies: number[] = [];
    for (let i = 0; i < ALBUM_REQUESTS; i++) {
      const started = performance.now();
      await listPhotos(caller, {});
      sqlLatencies.push(performance.now() - started);
    }
    console.log(`${"listPhotos() SQL, one by one".padEnd(28)} ${"".padStart(6)}         ${spread(sqlLatencies)}`);

    const files = uploadFiles();
    const bytes = files.reduce((sum, file) => sum + file.bytes.length, 0);
    console.log(`\nPhoto upload: ${files.length} JPEGs of ${(bytes / files.length / BYTES_PER_MB).toFixed(2)} MB (GPS Exif stripped on the way), ${UPLOAD_ROUNDS} rounds\n`);
    const batches: number[] = [];
    for (let round = 0; round < UPLOAD_ROUNDS; round++) batches.push(await timed(async () => [await postPhotos(owner.client, pregnancyId, files)]));
    rate("upload 20 in one request", batches, files.length, bytes);
    const singles: number[] = [];
    for (let round = 0; round < UPLOAD_ROUNDS; round++) {
      singles.push(
        await timed(async () => {
          const responses: Response[] = [];
          let next = 0;
          await Promise.all(
            Array.from({ length: UPLOAD_CONCURRENCY }, async () => {
              while (next < files.length) {
                const file = files[next++]!;
                responses.push(await postPhotos(owner.client, pregnancyId, [file]));
              }
            }),
          );
          return responses;
        }),
      );
    }
    rate(`upload 20 as 1-file requests`, singles, files.length, bytes);
    console.log(`${"".padEnd(28)} (${UPLOAD_CONCURRENCY} requests at a time)`);
  } finally {
    await album.close();
  }
  await benchPhotoCopies(stack);
}

/**
 * Photo copies off the request path (issue 39): 12 MP HEICs sent as the album sends them (one file,
 * no thumbnail). First one at a time, each waiting for its copies: the request alone, and the
 * latency until the list shows the copies (the queue's 1 s batch wait included). Then back to back:
 * the consumer's time per photo, and the requests while it decodes (locally one workerd runs both).
 */
export async function benchPhotoCopies(stack: Stack): Promise<void> {
  const owner = await signUp("benchcopies", undefined, stack.url);
  const { db, close } = openNodeDb(stack.database.databaseUrl, stack.database.wsProxy);
  try {
    const pregnancyId = await insertBenchPregnancy(db, "Bench Copies", owner.userId);
    await db.insert(pregnancyParticipants).values({ pregnancyId, userId: owner.userId, role: "owner", status: "active" });
    const upload = async (requestMs: number[]) => {
      const started = performance.now();
      const response = await postPhotos(owner.client, pregnancyId, [{ name: "IMG_4032.HEIC", bytes: HEIC_12MP, type: "image/heic" }], { thumbnails: [null] });
      requestMs.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
      const [result] = ((await response.json()) as { results: UploadResult[] }).results;
      if (!result?.success || !result.copiesPending) throw new Error(`upload not pending: ${JSON.stringify(result)}`);
      return result.photoId!;
    };
    console.log(`\nPhoto copies: ${COPIES_PHOTOS} 12 MP HEICs (${(HEIC_12MP.byteLength / BYTES_PER_MB).toFixed(1)} MB) sent as the album does, copies made by the queue's consumer\n`);
    const aloneMs: number[] = [];
    const readyMs: number[] = [];
    for (let i = 0; i < COPIES_PHOTOS; i++) {
      const started = performance.now();
      const photoId = await upload(aloneMs);
      await untilCopiesMade(owner.client, pregnancyId, [photoId]);
      readyMs.push(performance.now() - started);
    }
    const busyMs: number[] = [];
    const started = performance.now();
    const sent: string[] = [];
    for (let i = 0; i < COPIES_PHOTOS; i++) sent.push(await upload(busyMs));
    await untilCopiesMade(owner.client, pregnancyId, sent);
    const allMs = performance.now() - started;
    console.log(`${"upload request, alone".padEnd(28)} ${"".padStart(6)}         ${spread(aloneMs)}`);
    console.log(`${"copies listed after".padEnd(28)} ${"".padStart(6)}         ${spread(readyMs)}   (from the upload's start; 1 s batch wait included)`);
    console.log(`${"back to back: all listed".padEnd(28)} ${(allMs / 1000).toFixed(2)} s, ${(allMs / sent.length / 1000).toFixed(2)} s per photo`);
    console.log(`${"upload request, decoding".padEnd(28)} ${"".padStart(6)}         ${spread(busyMs)}   (the consumer decoding in the same local workerd)`);
  } finally {
    await close();
  }
}
