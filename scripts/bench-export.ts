import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { BYTES_PER_MB } from "../src/domain/units";
import { ApiClient } from "../tests/support/client";
import { postPhotos } from "../tests/support/photoUpload";
import { photos, pregnancies } from "../worker/db/schema";
import { benchFamily, uploadFiles } from "./bench-photos";
import { DEMO_PASSWORD, DEMO_PREGNANCY_TITLE, demoMember } from "./demo-family";
import { openNodeDb } from "./node-db";
import type { Stack } from "./stack";

/**
 * Downloading your data (issue 20): the zip of the demo family and of a pregnancy of 1,000 photos of
 * about 2 MB each, uploaded through the real route. Size, time, throughput, and the resident memory
 * of the workerd process while it streams: its peak is reset just before each download (Linux's
 * clear_refs), so the figure is the download's own. Locally that process also runs the R2 simulator,
 * so the same originals served one by one by the photo route are measured as the control.
 * Printed, not asserted.
 */
const EXPORT_PHOTOS = Number(process.env.BENCH_EXPORT_PHOTOS ?? 1000);
const SAMPLE_MS = 50;

/** The workerd processes started under this one (wrangler's child), by walking /proc. */
function workerdPids(): number[] {
  const parentOf = new Map<number, number>();
  const workerd: number[] = [];
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      parentOf.set(pid, Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]));
      if (/^Name:\s+workerd/m.test(status)) workerd.push(pid);
    } catch {
      // The process ended while we looked.
    }
  }
  const descends = (pid: number): boolean => {
    for (let at = parentOf.get(pid); at; at = parentOf.get(at)) if (at === process.pid) return true;
    return false;
  };
  return workerd.filter(descends);
}

const memoryKb = (pid: number, field: "VmRSS" | "VmHWM") => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

/**
 * Runs `work` while watching the workerd processes: their resident memory before, and the peak
 * during (the kernel's high-water mark, reset first, and our own samples); and this process's own
 * (sampled only: the local database lives in it, so its lifetime peak says nothing of `work`).
 */
export async function watchingMemory(work: () => Promise<void>): Promise<{ seconds: number; beforeMb: number; peakMb: number; selfBeforeMb: number; selfPeakMb: number }> {
  const pids = workerdPids();
  const rss = () => pids.reduce((sum, pid) => sum + memoryKb(pid, "VmRSS"), 0);
  const before = rss();
  const selfBefore = process.memoryUsage.rss();
  // Resets each process's peak resident size to its current size (proc(5), clear_refs: 5).
  for (const pid of pids) writeFileSync(`/proc/${pid}/clear_refs`, "5");
  let sampledPeak = before;
  let selfPeak = selfBefore;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, rss());
    selfPeak = Math.max(selfPeak, process.memoryUsage.rss());
  }, SAMPLE_MS);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const peak = Math.max(sampledPeak, pids.reduce((sum, pid) => sum + memoryKb(pid, "VmHWM"), 0));
  return { seconds, beforeMb: before / 1024, peakMb: peak / 1024, selfBeforeMb: selfBefore / BYTES_PER_MB, selfPeakMb: selfPeak / BYTES_PER_MB };
}

/** Reads a response to its end without keeping it; returns how many bytes came. */
async function drain(response: Response): Promise<number> {
  if (!response.ok || !response.body) throw new Error(`answered ${response.status}`);
  let received = 0;
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) received += chunk.value.byteLength;
  return received;
}

export const memoryText = ({ beforeMb, peakMb }: { beforeMb: number; peakMb: number }) => `workerd RSS ${beforeMb.toFixed(0)} MB before, peak ${peakMb.toFixed(0)} MB (+${(peakMb - beforeMb).toFixed(0)} MB)`;

async function measure(label: string, stack: Stack, client: ApiClient, pregnancyId: string) {
  const prepared = await client.trpc.dataExport.prepare.mutate({ pregnancyId });
  let received = 0;
  const run = await watchingMemory(async () => {
    for (const part of prepared.parts) received += await drain(await fetch(`${stack.url}${part.url}`, { headers: { cookie: client.cookieHeader } }));
  });
  if (received !== prepared.bytes) throw new Error(`export sent ${received} bytes, promised ${prepared.bytes}`);
  const megabytes = received / BYTES_PER_MB;
  console.log(`${label.padEnd(28)} ${prepared.photos} photos, ${prepared.files} files in ${prepared.parts.length} zip(s), ${megabytes.toFixed(1)} MB in ${run.seconds.toFixed(2)} s (${(megabytes / run.seconds).toFixed(0)} MB/s); ${memoryText(run)}`);
}

/** The control: the same originals served one by one by the photo route, no zip. */
async function measureOriginals(stack: Stack, client: ApiClient, pregnancyId: string, photoIds: readonly string[]) {
  let received = 0;
  const run = await watchingMemory(async () => {
    for (const photoId of photoIds) received += await drain(await fetch(`${stack.url}/api/photos/${pregnancyId}/${photoId}`, { headers: { cookie: client.cookieHeader } }));
  });
  const megabytes = received / BYTES_PER_MB;
  console.log(`${"  control: same originals".padEnd(28)} one request each, ${megabytes.toFixed(1)} MB in ${run.seconds.toFixed(2)} s (${(megabytes / run.seconds).toFixed(0)} MB/s); ${memoryText(run)}`);
}

/** A family of its own on unlimited storage, with EXPORT_PHOTOS photos uploaded 20 at a time through the real route. */
async function bigFamily(stack: Stack) {
  const { client, pregnancyId } = await benchFamily(stack, "benchexport", "Bench Export");
  const { db, close } = openNodeDb(stack.database.databaseUrl, stack.database.wsProxy);
  try {
    const files = uploadFiles();
    const started = performance.now();
    for (let sent = 0; sent < EXPORT_PHOTOS; sent += files.length) {
      const response = await postPhotos(client, pregnancyId, files.slice(0, Math.min(files.length, EXPORT_PHOTOS - sent)));
      if (!response.ok) throw new Error(`upload answered ${response.status}`);
    }
    const bytes = files.reduce((sum, file) => sum + file.bytes.length, 0) * (EXPORT_PHOTOS / files.length);
    console.log(`${"(setup) upload".padEnd(28)} ${EXPORT_PHOTOS} photos, ${(bytes / BYTES_PER_MB).toFixed(0)} MB in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const photoIds = (await db.select({ id: photos.id }).from(photos).where(eq(photos.pregnancyId, pregnancyId))).map((row) => row.id);
    return { client, pregnancyId, photoIds };
  } finally {
    await close();
  }
}

export async function benchExport(stack: Stack): Promise<void> {
  console.log(`\nDownload your data: the zip streamed by the Worker, read to the end by one client\n`);
  const olivia = new ApiClient(stack.url);
  if (!(await olivia.signIn(demoMember("olivia").email, DEMO_PASSWORD)).ok) throw new Error("demo sign-in failed");
  const { db, close } = openNodeDb(stack.database.databaseUrl, stack.database.wsProxy);
  const [demo] = await db.select({ id: pregnancies.id }).from(pregnancies).where(eq(pregnancies.title, DEMO_PREGNANCY_TITLE));
  await close();
  if (!demo) throw new Error("no demo pregnancy");
  await measure("demo family (parent)", stack, olivia, demo.id);
  const big = await bigFamily(stack);
  await measure(`${EXPORT_PHOTOS} photos (parent)`, stack, big.client, big.pregnancyId);
  await measureOriginals(stack, big.client, big.pregnancyId, big.photoIds);
}
