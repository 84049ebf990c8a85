/**
 * A clip's display copy and poster, made in the uploading browser with WebCodecs through Mediabunny
 * (issue 41): an MP4 every browser plays (H.264 picture up to 1080p, the original AAC sound copied as
 * it is) and a JPEG poster. Measured in Chromium: WebCodecs decodes and encodes H.264, VP9 and AV1,
 * decodes no HEVC and encodes no AAC; so only the picture is re-encoded, a clip whose sound is not AAC
 * gets no copy (its poster still), and one whose picture cannot be decoded gets neither.
 *
 * Memory: the original is read in slices (BlobSource), never whole, and the copy is handed over in
 * chunks that become Blob parts (blobSink), whose bytes the browser keeps outside the page (on disk
 * when large): the page holds about a chunk at a time, whatever the clip's length. The picture is
 * always re-encoded at a bounded bitrate (about 3 Mbit/s at 1080p), so the copy stays a fraction of
 * a phone's original. Its metadata (moov) comes last, as the original's often does: a player
 * reads it first with a range request.
 */
import { ALL_FORMATS, BlobSource, CanvasSink, Conversion, Input, Mp4OutputFormat, Output, QUALITY_MEDIUM, StreamTarget, canEncodeVideo, type InputVideoTrack, type StreamTargetChunk } from "mediabunny";
import { PHOTO_THUMBNAIL_QUALITY } from "../domain/photos";
import { BYTES_PER_MB, MS_PER_SECOND } from "../domain/units";

/** The display copy's longest side: up to 1080p, never upscaled. */
export const CLIP_DISPLAY_MAX_PX = 1920;
/** The poster's longest side. */
export const CLIP_POSTER_MAX_PX = 640;
/** The poster shows the frame about this far in (the first frame of a shorter clip). */
const POSTER_AT_SECONDS = 1;
/** How much of the copy the page gathers before handing it to a Blob. */
const COPY_CHUNK_BYTES = 4 * BYTES_PER_MB;

/** Why a clip got no display copy. */
export type ClipCopyReason = "undecodable-video" | "audio-not-aac" | "unsupported-container" | "no-webcodecs";

export interface ClipCopyResult {
  /** An MP4 with H.264 video (longest side <= 1920, aspect kept, never upscaled) and the original AAC audio copied as it is, or null when this browser cannot make one. */
  display: Blob | null;
  /** A JPEG poster (a frame about 1 s in, or the first frame; longest side <= 640), or null when the picture cannot be decoded. */
  poster: Blob | null;
  durationMs: number | null;
  /** The clip's picture as shown (after rotation), read from the container: known even when it cannot be decoded. */
  width: number | null;
  height: number | null;
  /** Why there is no display copy (null when there is one). */
  reason: ClipCopyReason | null;
}

interface Size {
  width: number;
  height: number;
}

/** The size fitting within `maxPx` on its longest side, aspect kept, never larger than the source; even sides for H.264. */
function fitWithin(source: Size, maxPx: number, even: boolean): Size {
  const scale = Math.min(1, maxPx / Math.max(source.width, source.height));
  const side = (value: number) => (even ? Math.max(2, 2 * Math.round((value * scale) / 2)) : Math.max(1, Math.round(value * scale)));
  return { width: side(source.width), height: side(source.height) };
}

async function canvasToJpeg(canvas: HTMLCanvasElement | OffscreenCanvas): Promise<Blob | null> {
  if ("convertToBlob" in canvas) return canvas.convertToBlob({ type: "image/jpeg", quality: PHOTO_THUMBNAIL_QUALITY });
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", PHOTO_THUMBNAIL_QUALITY));
}

/** A JPEG of the frame about 1 s in (the first frame of a shorter clip), or null when none decodes. */
async function makePoster(video: InputVideoTrack, picture: Size, durationSeconds: number): Promise<Blob | null> {
  const size = fitWithin(picture, CLIP_POSTER_MAX_PX, false);
  const sink = new CanvasSink(video, { ...size, fit: "fill", poolSize: 1 });
  const first = await video.getFirstTimestamp();
  const at = durationSeconds - first > POSTER_AT_SECONDS ? first + POSTER_AT_SECONDS : first;
  const frame = (await sink.getCanvas(at)) ?? (await sink.getCanvas(first));
  return frame ? canvasToJpeg(frame.canvas) : null;
}

/**
 * Where the copy is written: in order, with a few small writes back at earlier positions (the mdat's
 * size, once known), which are laid over the parts when the Blob is put together.
 */
function blobSink() {
  const parts: Blob[] = [];
  const patches: { position: number; data: Uint8Array<ArrayBuffer> }[] = [];
  let end = 0;
  const writable = new WritableStream<StreamTargetChunk>({
    write({ data, position }) {
      if (position > end) {
        parts.push(new Blob([new Uint8Array(position - end)]));
        end = position;
      }
      const overlap = Math.min(data.byteLength, end - position);
      if (overlap > 0) patches.push({ position, data: data.slice(0, overlap) });
      if (overlap < data.byteLength) {
        parts.push(new Blob([data.subarray(overlap)]));
        end += data.byteLength - overlap;
      }
    },
  });
  const blob = (type: string) => {
    let whole = new Blob(parts);
    for (const { position, data } of patches) whole = new Blob([whole.slice(0, position), data, whole.slice(position + data.byteLength)]);
    return new Blob([whole], { type });
  };
  return { writable, blob };
}

/** Re-encodes the picture to H.264 at `size` and copies the AAC sound into an MP4 without any metadata tags; or why it cannot. */
async function makeDisplay(input: Input, size: Size, onProgress: ((fraction: number) => void) | undefined, signal: AbortSignal | undefined): Promise<Blob | ClipCopyReason> {
  const sink = blobSink();
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: false }), target: new StreamTarget(sink.writable, { chunked: true, chunkSize: COPY_CHUNK_BYTES }) });
  const conversion = await Conversion.init({
    input,
    output,
    tracks: "primary",
    video: { codec: "avc", ...size, fit: "fill", forceTranscode: true, quality: QUALITY_MEDIUM },
    // No AAC encoder here: an AAC track is copied, any other is discarded (and then no copy is made).
    audio: { codec: "aac" },
    // No tags at all: the source's location, make and model stay behind.
    tags: {},
    showWarnings: false,
  });
  const discarded = conversion.discardedTracks[0];
  if (discarded) return discarded.track.isVideoTrack() ? "no-webcodecs" : "audio-not-aac";
  if (onProgress) conversion.onProgress = (fraction) => onProgress(fraction);
  const cancel = () => void conversion.cancel();
  signal?.addEventListener("abort", cancel);
  try {
    await conversion.execute();
  } catch (error) {
    // A cancel surfaces as Mediabunny's own error (or an output it closed): the caller hears of the abort.
    throw signal?.aborted ? signal.reason : error;
  } finally {
    signal?.removeEventListener("abort", cancel);
  }
  return sink.blob("video/mp4");
}

/**
 * The display copy and poster of a clip the browser can decode; for one it cannot, what the container
 * says (duration, size) and why. Progress runs 0..1 while the copy is encoded; an abort rejects with
 * the signal's reason.
 */
export async function makeClipCopy(file: File, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<ClipCopyResult> {
  signal?.throwIfAborted();
  const none = { display: null, poster: null, durationMs: null, width: null, height: null };
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  try {
    if (!(await input.canRead())) return { ...none, reason: "unsupported-container" };
    const video = await input.getPrimaryVideoTrack();
    if (!video) return { ...none, reason: "unsupported-container" };
    const picture = { width: await video.getDisplayWidth(), height: await video.getDisplayHeight() };
    const durationSeconds = await input.computeDuration();
    const facts = { durationMs: Math.round(durationSeconds * MS_PER_SECOND), ...picture };
    if (typeof VideoDecoder === "undefined") return { ...facts, display: null, poster: null, reason: "no-webcodecs" };
    if (!(await video.canDecode())) return { ...facts, display: null, poster: null, reason: "undecodable-video" };
    signal?.throwIfAborted();
    const poster = await makePoster(video, picture, durationSeconds);
    const audio = await input.getPrimaryAudioTrack();
    if (audio && audio.codec !== "aac") return { ...facts, display: null, poster, reason: "audio-not-aac" };
    const size = fitWithin(picture, CLIP_DISPLAY_MAX_PX, true);
    if (typeof VideoEncoder === "undefined" || !(await canEncodeVideo("avc", { ...size, quality: QUALITY_MEDIUM }))) return { ...facts, display: null, poster, reason: "no-webcodecs" };
    signal?.throwIfAborted();
    const display = await makeDisplay(input, size, onProgress, signal);
    return typeof display === "string" ? { ...facts, display: null, poster, reason: display } : { ...facts, display, poster, reason: null };
  } finally {
    input.dispose();
  }
}
