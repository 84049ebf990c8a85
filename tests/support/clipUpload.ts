import { viewOf } from "../../src/domain/bytes";
import { type ClipSource, type ClipTransport, finishClip, sendClip } from "../../src/lib/clipUploader";
import type { ApiClient } from "./client";

/** The app's clip uploader (src/lib/clipUploader.ts) over a test's API client instead of the browser's XMLHttpRequest. */
export const apiTransport =
  (client: ApiClient): ClipTransport =>
  async ({ method, url, body, signal }) => {
    const response = await client.fetch(url, { method, ...(body ? { body } : {}), ...(signal ? { signal } : {}) });
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text) as unknown };
    } catch {
      return { status: response.status, body: text };
    }
  };

/** A clip held in memory, read by slices as the browser reads a File. */
export const bytesSource = (name: string, bytes: Uint8Array): ClipSource => ({ name, size: bytes.length, read: async (start, end) => bytes.slice(start, end) });

interface Box {
  type: string;
  start: number;
  end: number;
}

/** An ISO (MP4, QuickTime) file's top-level boxes, by type and byte range. */
export function topLevelBoxes(bytes: Uint8Array): Box[] {
  const view = viewOf(bytes);
  const boxes: Box[] = [];
  for (let at = 0; at + 8 <= bytes.length; ) {
    let size = view.getUint32(at);
    if (size === 1) size = Number(view.getBigUint64(at + 8));
    if (size === 0) size = bytes.length - at;
    boxes.push({ type: String.fromCharCode(...bytes.subarray(at + 4, at + 8)), start: at, end: at + size });
    at += size;
  }
  return boxes;
}

/** What the added media data is filled with. */
const GROWN_FILLER = 0x5a;

/**
 * The clip made `extra` bytes longer at the end of its media data, as slices made on demand: nothing
 * it points at moves (its samples come first), so it still plays; it just needs more parts.
 */
function grownClip(bytes: Uint8Array, extra: number): { size: number; slice(start: number, end: number): Uint8Array } {
  const mdat = topLevelBoxes(bytes).find((box) => box.type === "mdat");
  // A 32-bit box size is rewritten in place; a 64-bit one would need its header moved.
  if (!mdat || viewOf(bytes).getUint32(mdat.start) !== mdat.end - mdat.start || mdat.end - mdat.start + extra > 0xffffffff) throw new Error("a grown clip needs an mdat with a 32-bit size");
  const patched = bytes.slice();
  viewOf(patched).setUint32(mdat.start, mdat.end - mdat.start + extra);
  const size = bytes.length + extra;
  return {
    size,
    slice(start, end) {
      const to = Math.min(end, size);
      const out = new Uint8Array(Math.max(0, to - start)).fill(GROWN_FILLER);
      // The file is patched[0, mdat.end), the filler, then patched[mdat.end, ...) moved by `extra`.
      const place = (from: number, until: number, at: number) => {
        const first = Math.max(start, at);
        const last = Math.min(to, at + until - from);
        if (first < last) out.set(patched.subarray(from + first - at, from + last - at), first - start);
      };
      place(0, mdat.end, 0);
      place(mdat.end, patched.length, mdat.end + extra);
      return out;
    },
  };
}

/** The grown clip as one buffer, for tests of a few parts. */
export function grown(bytes: Uint8Array, extra: number): Uint8Array {
  const clip = grownClip(bytes, extra);
  return clip.slice(0, clip.size);
}

/** The grown clip read by slices as the browser reads a File: a bench's 500 MB clip is never held whole. */
export function grownSource(name: string, bytes: Uint8Array, extra: number): ClipSource {
  const clip = grownClip(bytes, extra);
  return { name, size: clip.size, read: async (start, end) => clip.slice(start, end) };
}

/** Sends a clip (and its display copy) in parts and puts it in the album, as the upload dialog does. */
export async function uploadClip(
  client: ApiClient,
  pregnancyId: string,
  original: { name: string; bytes: Uint8Array },
  options: { display?: Uint8Array; poster?: Uint8Array; metadata?: object } = {},
): Promise<{ photoId: string; url: string }> {
  const transport = apiTransport(client);
  const sent = await sendClip(transport, pregnancyId, bytesSource(original.name, original.bytes), { role: "original", fileNumber: 1 });
  const display = options.display ? await sendClip(transport, pregnancyId, bytesSource(`display-${original.name}.mp4`, options.display), { role: "display", fileNumber: 1 }) : null;
  const result = await finishClip(transport, pregnancyId, {
    originalId: sent.uploadId,
    displayId: display?.uploadId ?? null,
    poster: options.poster ? new Blob([new Uint8Array(options.poster)], { type: "image/jpeg" }) : null,
    metadata: options.metadata ?? { week: 20 },
  });
  if (!result.photoId || !result.url) throw new Error("clip not put in the album");
  return { photoId: result.photoId, url: result.url };
}
