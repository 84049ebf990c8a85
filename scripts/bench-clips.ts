import { once } from "node:events";
import { type IncomingMessage, request } from "node:http";
import { readFileSync } from "node:fs";
import { CLIP_PART_BYTES } from "../src/domain/clips";
import { BYTES_PER_MB } from "../src/domain/units";
import { type ClipSource, finishClip, sendClip } from "../src/lib/clipUploader";
import { apiTransport, grownSource } from "../tests/support/clipUpload";
import { memoryText, watchingMemory } from "./bench-export";
import { benchFamily } from "./bench-photos";
import { spread } from "./bench-stats";
import type { Stack } from "./stack";

/**
 * A 500 MB clip (issue 41): sent by the app's uploader in parts through the Worker (each checked,
 * cleaned and put into an R2 multipart upload, then completed), against the same bytes streamed by
 * one request into one R2 put (a dev-only route), with workerd's memory during each: flat when its
 * peak rises by far less than the clip; a 100 MB clip goes both ways first (benchClips says why).
 * The clip is a real fixture's structure with its media data grown, made slice by slice as it is
 * sent, so the bench process never holds it whole either. Printed, not asserted.
 */
const CLIP_MB = Number(process.env.BENCH_CLIP_MB ?? 500);
/** The clip sent first, both ways: see benchClips. */
const WARM_UP_MB = Number(process.env.BENCH_CLIP_WARM_UP_MB ?? 100);
/** "Far less than the clip": what workerd's peak may rise over its baseline and still be flat. */
const FLAT_RISE_MB = 64;
const HTTP_OK = 200;
/** A camera's layout: `ftyp wide mdat moov` (tests/fixtures/README.md). */
const FIXTURE = new Uint8Array(readFileSync(new URL("../tests/fixtures/clip-moov-last.mov", import.meta.url)));

type Run = Awaited<ReturnType<typeof watchingMemory>>;

const verdict = (run: Run) => (run.peakMb - run.beforeMb < FLAT_RISE_MB ? "flat" : "NOT FLAT");
/** The bench process makes the clip slice by slice: its own rise shows it never holds it whole. */
const selfText = (run: Run) => `this process ${run.selfBeforeMb.toFixed(0)} MB before, peak ${run.selfPeakMb.toFixed(0)} MB`;
const rate = (bytes: number, run: Run) => bytes / BYTES_PER_MB / run.seconds;

/** The clip as one PUT of known length to the dev route, read from the source a part's size at a time. */
async function rawPut(url: string, source: ClipSource): Promise<number> {
  const outgoing = request(`${url}/api/dev/raw-put`, { method: "PUT", headers: { "content-type": "application/octet-stream", "content-length": String(source.size) } });
  const answered = once(outgoing, "response") as Promise<[IncomingMessage]>;
  // A failed send rejects the write loop too; this one is read after it.
  answered.catch(() => undefined);
  for (let start = 0; start < source.size; start += CLIP_PART_BYTES) {
    if (!outgoing.write(await source.read(start, Math.min(source.size, start + CLIP_PART_BYTES)))) await once(outgoing, "drain");
  }
  outgoing.end();
  const [response] = await answered;
  let text = "";
  for await (const chunk of response) text += String(chunk);
  if (response.statusCode !== HTTP_OK) throw new Error(`raw put answered ${response.statusCode}: ${text}`);
  return (JSON.parse(text) as { bytes: number }).bytes;
}

type Family = Awaited<ReturnType<typeof benchFamily>>;

/** One clip of `megabytes`, sent both ways with workerd's memory watched; the figures printed under `label`. */
async function bothWays(stack: Stack, family: Family, megabytes: number, label: string): Promise<void> {
  const source = grownSource("IMG_BENCH.MOV", FIXTURE, megabytes * BYTES_PER_MB - FIXTURE.length);
  const transport = apiTransport(family.client);
  let parts = 0;
  const partMs: number[] = [];
  const inParts = await watchingMemory(async () => {
    let acknowledged = performance.now();
    const sent = await sendClip(transport, family.pregnancyId, source, {
      role: "original",
      fileNumber: 1,
      // Called with nothing in flight once a part is acknowledged (and once after the start).
      onProgress: (storedBytes, inFlight) => {
        if (inFlight !== 0 || storedBytes === 0) return;
        const now = performance.now();
        partMs.push(now - acknowledged);
        acknowledged = now;
      },
    });
    parts = sent.parts;
    const finished = await finishClip(transport, family.pregnancyId, { originalId: sent.uploadId, displayId: null, poster: null, metadata: { week: 20 } });
    if (!finished.photoId) throw new Error("clip not put in the album");
  });
  if (partMs.length !== parts) throw new Error(`${partMs.length} parts acknowledged of ${parts}`);

  let stored = 0;
  const raw = await watchingMemory(async () => {
    stored = await rawPut(stack.url, source);
  });
  if (stored !== source.size) throw new Error(`raw put stored ${stored} bytes of ${source.size}`);

  console.log(`${label}: ${megabytes} MB`);
  console.log(`${"  in parts (sendClip+finish)".padEnd(30)} ${parts} parts of ${CLIP_PART_BYTES / BYTES_PER_MB} MB, ${inParts.seconds.toFixed(1)} s, ${rate(source.size, inParts).toFixed(1)} MB/s; per part ${spread(partMs)}`);
  console.log(`${"".padEnd(30)} ${memoryText(inParts)}: ${verdict(inParts)}; ${selfText(inParts)}`);
  console.log(`${"  one raw R2 put (dev route)".padEnd(30)} 1 request, ${raw.seconds.toFixed(1)} s, ${rate(source.size, raw).toFixed(1)} MB/s`);
  console.log(`${"".padEnd(30)} ${memoryText(raw)}: ${verdict(raw)}; ${selfText(raw)}`);
  console.log(`${"  parts / raw".padEnd(30)} ${(rate(source.size, inParts) / rate(source.size, raw)).toFixed(2)}x the throughput`);
}

export async function benchClips(stack: Stack): Promise<void> {
  console.log(`\nA clip (clip-moov-last.mov's structure, its media data grown) through the Worker: in parts by the app's uploader, and as one raw R2 put; flat: workerd's peak under ${FLAT_RISE_MB} MB over its baseline\n`);
  const family = await benchFamily(stack, "benchclips", "Bench Clips");
  // A fresh workerd's first big upload grows its heap and allocator by about as much for 100 MB as
  // for 500 MB (measured): the smaller clip first shows that, and leaves the measured run its own.
  await bothWays(stack, family, WARM_UP_MB, "warm-up (fresh workerd)");
  await bothWays(stack, family, CLIP_MB, "measured");
}
