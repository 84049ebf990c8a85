import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { build } from "esbuild";
import { inTempFile } from "../support/metadata";

/**
 * Phone-like clips made for a test in the test's own Chromium (CI has no ffmpeg): H.264 drawn
 * frame by frame and muxed by mediabunny into a QuickTime file; then exiftool (an independent
 * writer) adds what a phone adds: its position, make and model, in the QuickTime `Keys` and
 * `UserData` boxes (exiftool puts the movie box first as it writes).
 */

/** The position, make and model a phone writes, and how exiftool reads them back. */
export const PHONE_CLIP_TAGS = ["-Keys:GPSCoordinates=51.5007, -0.1246, 12", "-UserData:GPSCoordinates=51.5007, -0.1246", "-Keys:Make=TestPhone", "-Keys:Model=Test Camera 9", "-UserData:Make=TestPhone", "-UserData:Model=Test Camera 9"];

const MAKER_SOURCE = `
import { BufferTarget, CanvasSource, MovOutputFormat, Output } from "mediabunny";
globalThis.makeTestClip = async ({ width, height, seconds, fps, bitrate }) => {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d");
  const output = new Output({ format: new MovOutputFormat({ fastStart: false }), target: new BufferTarget() });
  const source = new CanvasSource(canvas, { codec: "avc", bitrate, keyFrameInterval: 2 });
  output.addVideoTrack(source, { frameRate: fps });
  await output.start();
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed >>> 24;
  };
  for (let frame = 0; frame < seconds * fps; frame += 1) {
    // Blocks of colour that change every frame keep the encoder busy, as a real recording does.
    for (let y = 0; y < height; y += 40) {
      for (let x = 0; x < width; x += 40) {
        context.fillStyle = "rgb(" + random() + "," + random() + "," + ((frame * 7) & 255) + ")";
        context.fillRect(x, y, 40, 40);
      }
    }
    context.fillStyle = "white";
    context.font = "bold 96px sans-serif";
    context.fillText(String(frame), 40, 140);
    await source.add(frame / fps, 1 / fps);
  }
  await output.finalize();
  const bytes = new Uint8Array(output.target.buffer);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};
`;

let bundled: Promise<string> | null = null;
const makerScript = () =>
  (bundled ??= build({ stdin: { contents: MAKER_SOURCE, resolveDir: process.cwd(), loader: "js" }, bundle: true, format: "iife", write: false, logLevel: "silent" }).then((result) => result.outputFiles[0]!.text));

export interface ClipSpec {
  width: number;
  height: number;
  seconds: number;
  fps: number;
  bitrate: number;
}

/** An H.264 QuickTime clip drawn in `page` (any page of the app: a secure context with WebCodecs). */
export async function makeClipInBrowser(page: Page, spec: ClipSpec): Promise<Buffer> {
  // Evaluated, not a script tag: the app's Content-Security-Policy rightly refuses inline scripts.
  await page.evaluate(await makerScript());
  const base64 = await page.evaluate((clip) => (globalThis as unknown as { makeTestClip: (spec: ClipSpec) => Promise<string> }).makeTestClip(clip), spec);
  return Buffer.from(base64, "base64");
}

/** The clip with a phone's position, make and model added by exiftool. */
export const withPhoneTags = (bytes: Uint8Array): Buffer =>
  inTempFile(bytes, "mov", (file) => {
    execFileSync("exiftool", ["-q", "-q", "-m", "-overwrite_original", ...PHONE_CLIP_TAGS, file]);
    return readFileSync(file);
  });
