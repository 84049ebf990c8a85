/**
 * Runs in the page (bundled by clip-copy.spec.ts): the real makeClipCopy on a fixture's bytes, and
 * what an independent read of its results finds (Mediabunny's demuxer for the MP4, the browser's
 * image decoder for the poster), as plain data the test can compare.
 */
import { ALL_FORMATS, BlobSource, Input } from "mediabunny";
import { makeClipCopy } from "../../src/lib/clipCopy";

export interface ClipCopySummary {
  reason: string | null;
  durationMs: number | null;
  width: number | null;
  height: number | null;
  elapsedMs: number;
  progress: number[];
  display: {
    type: string;
    size: number;
    brand: string;
    boxes: { boxes: string[]; exact: boolean };
    videoCodec: string | null;
    audioCodec: string | null;
    width: number;
    height: number;
    durationMs: number;
    tagKeys: string[];
    text: string;
  } | null;
  poster: {
    type: string;
    firstBytes: number[];
    width: number;
    height: number;
  } | null;
}

export interface ClipCopyRun {
  base64: string;
  name: string;
  type: string;
  /** Abort once the copy reports progress: the promise's rejection (its name) is returned instead. */
  abortOnProgress?: boolean;
}

/** The file's top-level boxes in order, read by their sizes, and whether those sizes add up to the whole file exactly. */
function topLevelBoxes(bytes: Uint8Array): { boxes: string[]; exact: boolean } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes: string[] = [];
  let offset = 0;
  while (offset + 8 <= bytes.length) {
    const size32 = view.getUint32(offset);
    const size = size32 === 1 ? Number(view.getBigUint64(offset + 8)) : size32;
    if (size < 8) break;
    boxes.push(new TextDecoder().decode(bytes.subarray(offset + 4, offset + 8)));
    offset += size;
  }
  return { boxes, exact: offset === bytes.length };
}

const fromBase64 = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

async function readDisplay(blob: Blob): Promise<NonNullable<ClipCopySummary["display"]>> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const input = new Input({
    source: new BlobSource(blob),
    formats: ALL_FORMATS,
  });
  try {
    const video = await input.getPrimaryVideoTrack();
    const audio = await input.getPrimaryAudioTrack();
    const tags = await input.getMetadataTags();
    return {
      type: blob.type,
      size: blob.size,
      brand: new TextDecoder().decode(bytes.subarray(4, 12)),
      boxes: topLevelBoxes(bytes),
      videoCodec: (await video?.getCodecParameterString()) ?? null,
      audioCodec: (await audio?.getCodecParameterString()) ?? null,
      width: (await video?.getDisplayWidth()) ?? 0,
      height: (await video?.getDisplayHeight()) ?? 0,
      durationMs: Math.round((await input.computeDuration()) * 1000),
      tagKeys: Object.keys(tags),
      // Latin-1 keeps one character a byte, so a searched text is found wherever it sits.
      text: new TextDecoder("latin1").decode(bytes),
    };
  } finally {
    input.dispose();
  }
}

async function readPoster(blob: Blob): Promise<NonNullable<ClipCopySummary["poster"]>> {
  const bitmap = await createImageBitmap(blob);
  const firstBytes = [...new Uint8Array(await blob.slice(0, 3).arrayBuffer())];
  const summary = {
    type: blob.type,
    firstBytes,
    width: bitmap.width,
    height: bitmap.height,
  };
  bitmap.close();
  return summary;
}

async function run({ base64, name, type, abortOnProgress = false }: ClipCopyRun): Promise<ClipCopySummary | { rejected: string }> {
  const file = new File([fromBase64(base64)], name, { type });
  const progress: number[] = [];
  const abort = new AbortController();
  const started = performance.now();
  try {
    const result = await makeClipCopy(
      file,
      (fraction) => {
        progress.push(fraction);
        if (abortOnProgress) abort.abort();
      },
      abort.signal,
    );
    const elapsedMs = Math.round(performance.now() - started);
    return {
      reason: result.reason,
      durationMs: result.durationMs,
      width: result.width,
      height: result.height,
      elapsedMs,
      progress,
      display: result.display ? await readDisplay(result.display) : null,
      poster: result.poster ? await readPoster(result.poster) : null,
    };
  } catch (error) {
    return { rejected: error instanceof Error ? error.name : String(error) };
  }
}

(window as unknown as { clipCopy: typeof run }).clipCopy = run;
