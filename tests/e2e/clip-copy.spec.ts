import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { build } from "esbuild";
import { CLIP_DISPLAY_MAX_PX, CLIP_POSTER_MAX_PX } from "../../src/lib/clipCopy";
import type { ClipCopyRun, ClipCopySummary } from "./clipCopyHarness";
import { expect, test } from "./support";

/**
 * The clips' display copies and posters (issue 41), made by the real module in this Chromium at the
 * app's origin (a secure context, as WebCodecs needs), and read back independently in the page.
 * Fixtures: tests/fixtures/README.md (copy-*).
 */
const FIXTURES = path.join(import.meta.dirname, "../fixtures");
const JPEG_START = [0xff, 0xd8, 0xff];
const DURATION_TOLERANCE_MS = 100;
/** What the H.264 fixture carries (tests/fixtures/README.md) that no copy may. */
const SOURCE_METADATA = ["+48.8584+002.2945", "Apple", "iPhone"];

let harness: Promise<string> | undefined;
/** The harness and the module it runs, bundled once as a script for the page. */
const bundled = () =>
  (harness ??= build({ entryPoints: [path.join(import.meta.dirname, "clipCopyHarness.ts")], bundle: true, format: "iife", platform: "browser", target: "chrome120", write: false, logLevel: "silent" }).then(
    (result) => result.outputFiles[0]!.text,
  ));

async function copyIn(page: Page, fixture: string, type: string, options: Pick<ClipCopyRun, "abortOnProgress"> = {}) {
  if (page.url() === "about:blank") await page.goto("/");
  // Evaluated, not a script tag: the app's Content-Security-Policy allows no inline script.
  await page.evaluate(await bundled());
  const run: ClipCopyRun = { base64: readFileSync(path.join(FIXTURES, fixture)).toString("base64"), name: fixture, type, ...options };
  const summary = await page.evaluate((argument) => (window as unknown as { clipCopy: (run: ClipCopyRun) => Promise<ClipCopySummary | { rejected: string }> }).clipCopy(argument), run);
  if ("rejected" in summary) return summary;
  test.info().annotations.push({ type: "copy time", description: `${fixture}: ${summary.elapsedMs} ms` });
  console.info(`${fixture}: ${summary.elapsedMs} ms, display ${summary.display?.size ?? "none"} bytes`);
  return summary;
}

const completed = (summary: ClipCopySummary | { rejected: string }): ClipCopySummary => {
  if ("rejected" in summary) throw new Error(`makeClipCopy rejected: ${summary.rejected}`);
  return summary;
};

test("an H.264 + AAC MOV gets an MP4 copy (H.264 picture, the AAC copied, no location, make or model) and a JPEG poster @desktop", async ({ page }) => {
  const source = readFileSync(path.join(FIXTURES, "copy-h264.mov")).toString("latin1");
  for (const text of SOURCE_METADATA) expect(source).toContain(text);

  const copy = completed(await copyIn(page, "copy-h264.mov", "video/quicktime"));
  expect(copy).toMatchObject({ reason: null, width: 640, height: 360 });
  expect(Math.abs(copy.durationMs! - 2500)).toBeLessThanOrEqual(DURATION_TOLERANCE_MS);
  const display = copy.display!;
  expect(display).toMatchObject({ type: "video/mp4", width: 640, height: 360, tagKeys: [] });
  expect(display.brand.startsWith("ftyp")).toBe(true);
  // Every byte accounted for by the top-level boxes (the mdat's size written back once known).
  expect(display.boxes).toEqual({ boxes: expect.arrayContaining(["ftyp", "mdat", "moov"]), exact: true });
  expect(display.videoCodec).toMatch(/^avc1\./);
  expect(display.audioCodec).toMatch(/^mp4a\.40\./);
  expect(Math.abs(display.durationMs - copy.durationMs!)).toBeLessThanOrEqual(DURATION_TOLERANCE_MS);
  for (const text of SOURCE_METADATA) expect(display.text).not.toContain(text);
  expect(copy.poster).toMatchObject({ type: "image/jpeg", firstBytes: JPEG_START, width: 640, height: 360 });
  expect(Math.max(copy.poster!.width, copy.poster!.height)).toBeLessThanOrEqual(CLIP_POSTER_MAX_PX);
  // Progress runs from 0 to 1 and never back.
  expect(copy.progress.length).toBeGreaterThan(1);
  expect(copy.progress.at(-1)).toBe(1);
  expect(copy.progress.every((fraction, index) => fraction >= 0 && fraction <= 1 && fraction >= (copy.progress[index - 1] ?? 0))).toBe(true);
});

test("a 2560x1440 clip is scaled down to 1920x1080, its poster to 640x360 @desktop", async ({ page }) => {
  const copy = completed(await copyIn(page, "copy-h264-1440p.mp4", "video/mp4"));
  expect(copy).toMatchObject({ reason: null, width: 2560, height: 1440 });
  expect(copy.display).toMatchObject({ type: "video/mp4", width: CLIP_DISPLAY_MAX_PX, height: 1080 });
  expect(copy.display!.videoCodec).toMatch(/^avc1\./);
  expect(copy.poster).toMatchObject({ firstBytes: JPEG_START, width: CLIP_POSTER_MAX_PX, height: 360 });
});

test("a phone's portrait clip (stored landscape, turned by its rotation) keeps its upright shape in the copy and the poster @desktop", async ({ page }) => {
  const copy = completed(await copyIn(page, "copy-h264-portrait.mov", "video/quicktime"));
  expect(copy).toMatchObject({ reason: null, width: 360, height: 640 });
  expect(copy.display).toMatchObject({ width: 360, height: 640 });
  expect(copy.poster).toMatchObject({ firstBytes: JPEG_START, width: 360, height: 640 });
});

test("an HEVC clip, which this Chromium cannot decode, gets neither copy nor poster, but its duration and size @desktop", async ({ page }) => {
  const copy = completed(await copyIn(page, "copy-hevc.mov", "video/quicktime"));
  expect(copy).toMatchObject({ reason: "undecodable-video", display: null, poster: null, width: 640, height: 360 });
  expect(Math.abs(copy.durationMs! - 2500)).toBeLessThanOrEqual(DURATION_TOLERANCE_MS);
});

test("a VP9 + Opus WebM gets no copy (no AAC encoder here) but a JPEG poster @desktop", async ({ page }) => {
  const copy = completed(await copyIn(page, "copy-vp9-opus.webm", "video/webm"));
  expect(copy).toMatchObject({ reason: "audio-not-aac", display: null, width: 640, height: 360 });
  expect(copy.poster).toMatchObject({ type: "image/jpeg", firstBytes: JPEG_START, width: 640, height: 360 });
});

test("a file that is no clip is an unsupported container; an aborted copy rejects with AbortError @desktop", async ({ page }) => {
  const notAClip = completed(await copyIn(page, "picture.webp", "video/mp4"));
  expect(notAClip).toMatchObject({ reason: "unsupported-container", display: null, poster: null, durationMs: null });
  expect(await copyIn(page, "copy-h264.mov", "video/quicktime", { abortOnProgress: true })).toEqual({ rejected: "AbortError" });
});
