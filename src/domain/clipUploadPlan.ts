/**
 * How the Worker checks and cleans each part of a clip as it arrives (issue 41). When an upload
 * starts, the browser sends the clip's structure (every box but the media data: src/domain/clipContainer.ts)
 * and the Worker inspects it once. What it keeps is small: for each part, one SHA-256 of all the
 * structure bytes the part must carry (so the file stored is the file inspected), and the few
 * bytes to write over what was sent (metadata boxes renamed `free`, their contents and timed
 * metadata samples zeroed). A part is then cleaned on its own, without the rest of the file.
 */
import { type ByteRange, type ClipLayout, mergeRanges } from "./clipContainer";

/** Bytes written over what was sent, at an absolute offset (base64: the plan is stored as JSON). */
export interface ClipPatch {
  at: number;
  bytes: string;
}

/** A structure slice within one part, and where its bytes sit in the structure the browser sent. */
export interface StructureSlice extends ByteRange {
  structureOffset: number;
}

export interface PartSlices {
  partNumber: number;
  slices: StructureSlice[];
}

/**
 * What a part must carry: where its structure slices are (absolute [start, end) pairs) and the
 * SHA-256 of them joined in order; one hash a part however many slices (a browser's WebM has a
 * block header every few KB).
 */
export interface PartCheck {
  slices: Array<[number, number]>;
  sha256: string;
}

export interface ClipCleaning {
  patches: ClipPatch[];
  zero: ByteRange[];
}

export interface ClipTrack {
  codec: string;
  width?: number;
  height?: number;
}

/** What an upload row keeps (clip_uploads.plan); a part's request reads its own check alone. */
export interface ClipUploadPlan extends ClipCleaning {
  container: ClipLayout["container"];
  video: ClipTrack | null;
  audio: ClipTrack | null;
  /** By part number, for the parts that carry structure. */
  parts: Record<string, PartCheck>;
}

/** Where each structure region's bytes sit in the structure sent (their concatenation in file order). */
function structureRegions(layout: ClipLayout): StructureSlice[] {
  const slices: StructureSlice[] = [];
  let offset = 0;
  for (const region of layout.regions) {
    if (region.kind !== "structure") continue;
    slices.push({ start: region.start, end: region.end, structureOffset: offset });
    offset += region.end - region.start;
  }
  return slices;
}

/** The structure bytes each part carries, part by part (parts of `partBytes`, numbered from 1). */
export function partSlices(layout: ClipLayout, partBytes: number): PartSlices[] {
  const regions = structureRegions(layout);
  const byPart = new Map<number, StructureSlice[]>();
  for (const region of regions) {
    for (let part = Math.floor(region.start / partBytes); part * partBytes < region.end; part += 1) {
      const start = Math.max(region.start, part * partBytes);
      const end = Math.min(region.end, (part + 1) * partBytes);
      const slices = byPart.get(part + 1) ?? [];
      slices.push({ start, end, structureOffset: region.structureOffset + (start - region.start) });
      byPart.set(part + 1, slices);
    }
  }
  return [...byPart].map(([partNumber, slices]) => ({ partNumber, slices }));
}

const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(""));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/**
 * What cleaning a clip means, as absolute ranges: where the sanitized structure differs from what
 * was sent (changed bytes that became zeros are zeroed ranges, others patches), the `blank` regions (free
 * space), and the timed metadata samples in the media.
 */
export function clipCleaning(layout: ClipLayout, structure: Uint8Array, sanitized: Uint8Array, blankRanges: readonly ByteRange[]): ClipCleaning {
  const patches: ClipPatch[] = [];
  const zero: ByteRange[] = [...blankRanges, ...layout.regions.filter((region) => region.kind === "blank").map(({ start, end }) => ({ start, end }))];
  for (const region of structureRegions(layout)) {
    let index = region.structureOffset;
    const stop = region.structureOffset + (region.end - region.start);
    while (index < stop) {
      if (structure[index] === sanitized[index]) {
        index += 1;
        continue;
      }
      // A run of changed bytes that all became zero is a zeroed range; anything else is written as it is.
      const zeroed = sanitized[index] === 0;
      let runEnd = index;
      while (runEnd < stop && structure[runEnd] !== sanitized[runEnd] && (sanitized[runEnd] === 0) === zeroed) runEnd += 1;
      const at = region.start + (index - region.structureOffset);
      if (zeroed) zero.push({ start: at, end: at + (runEnd - index) });
      else patches.push({ at, bytes: toBase64(sanitized.subarray(index, runEnd)) });
      index = runEnd;
    }
  }
  return { patches, zero: mergeRanges(zero) };
}

/** Cleans one part in place: the zeroed ranges and patches that fall inside [start, start + bytes.length). */
export function cleanPart(cleaning: ClipCleaning, start: number, bytes: Uint8Array): Uint8Array {
  const end = start + bytes.length;
  for (const range of cleaning.zero) {
    if (range.end <= start || range.start >= end) continue;
    bytes.fill(0, Math.max(range.start, start) - start, Math.min(range.end, end) - start);
  }
  for (const patch of cleaning.patches) {
    const patchBytes = fromBase64(patch.bytes);
    const from = Math.max(patch.at, start);
    const to = Math.min(patch.at + patchBytes.length, end);
    if (from >= to) continue;
    bytes.set(patchBytes.subarray(from - patch.at, to - patch.at), from - start);
  }
  return bytes;
}
