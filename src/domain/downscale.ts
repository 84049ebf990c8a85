/**
 * Smaller copies of a decoded picture without a second full-size copy of it: each destination row
 * is made as the source rows stream past (area averaging, the weight of each source pixel its
 * overlap with the destination pixel), reading the decoder's own planes in place. Used by the
 * Worker for HEIC display copies and thumbnails (worker/infra/imageCodecs.ts).
 */

/** One plane of samples: `channels` interleaved per pixel, `stride` samples from one row to the next, values 0..maxSample. */
export interface Plane {
  data: ArrayLike<number>;
  width: number;
  height: number;
  stride: number;
  channels: 1 | 4;
  maxSample: number;
}

/** The size of a picture whose longest side is at most `maxSide`, never enlarged, at least 1x1. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

const OPAQUE = 255;

/**
 * For each source index, the destination cells it overlaps (`cells[offsets[i]]..`) and the overlap
 * in destination units, so that a destination cell's weights add up to 1, shrinking or enlarging.
 */
function spans(source: number, target: number) {
  const scale = target / source;
  const offsets = new Uint32Array(source + 1);
  const cells: number[] = [];
  const weights: number[] = [];
  for (let i = 0; i < source; i++) {
    const start = i * scale;
    const end = Math.min((i + 1) * scale, target);
    for (let cell = Math.floor(start); cell < end && cell < target; cell++) {
      const overlap = Math.min(cell + 1, end) - Math.max(cell, start);
      if (overlap <= 0) continue;
      cells.push(cell);
      weights.push(overlap);
    }
    offsets[i + 1] = cells.length;
  }
  return { offsets, cells: Uint32Array.from(cells), weights: Float32Array.from(weights) };
}

/**
 * The plane's rows resampled to `width` x `height` by area (at most twice its size: chroma planes
 * are half the picture's), as 0-255 floats, one row at a time; a 4-channel plane is read as RGBA
 * laid over white and yields 3 channels. A yielded buffer is reused: read it before the next.
 */
export function* resampledRows(plane: Plane, width: number, height: number): Generator<Float32Array> {
  const out = plane.channels === 4 ? 3 : 1;
  const across = spans(plane.width, width);
  const down = spans(plane.height, height);
  const toByte = OPAQUE / plane.maxSample;
  const row = new Float32Array(width * out);
  // Destination rows still receiving source rows, the first being row `done`.
  const pending: Float32Array[] = [];
  const spare: Float32Array[] = [];
  let done = 0;
  for (let y = 0; y < plane.height; y++) {
    row.fill(0);
    const base = y * plane.stride;
    for (let x = 0; x < plane.width; x++) {
      const at = base + x * plane.channels;
      for (let c = 0; c < out; c++) {
        let value = plane.data[at + c]! * toByte;
        // Laid over white, as the JPEG it becomes has no transparency.
        if (out === 3) {
          const alpha = plane.data[at + 3]! * toByte;
          value = (value * alpha) / OPAQUE + OPAQUE - alpha;
        }
        for (let k = across.offsets[x]!; k < across.offsets[x + 1]!; k++) row[across.cells[k]! * out + c]! += value * across.weights[k]!;
      }
    }
    for (let k = down.offsets[y]!; k < down.offsets[y + 1]!; k++) {
      const cell = down.cells[k]!;
      // Rows above this source row's first cell get nothing more: they are finished.
      while (done < cell) {
        const finished = pending.shift() ?? new Float32Array(width * out);
        yield finished;
        finished.fill(0);
        spare.push(finished);
        done++;
      }
      while (pending.length <= cell - done) pending.push(spare.pop() ?? new Float32Array(width * out));
      const target = pending[cell - done]!;
      const weight = down.weights[k]!;
      for (let i = 0; i < row.length; i++) target[i]! += row[i]! * weight;
    }
  }
  while (done < height) {
    yield pending.shift() ?? new Float32Array(width * out);
    done++;
  }
}

/** The luma weights of the YCbCr matrices (ITU-T H.273 matrix_coefficients): BT.709, BT.2020, else BT.601. */
export function lumaWeights(matrixCoefficients: number): { kr: number; kb: number } {
  if (matrixCoefficients === 1) return { kr: 0.2126, kb: 0.0722 };
  if (matrixCoefficients === 9 || matrixCoefficients === 10) return { kr: 0.2627, kb: 0.0593 };
  return { kr: 0.299, kb: 0.114 };
}

export interface YCbCrPlanes {
  y: Plane;
  /** Absent in a grey picture: its chroma is neutral. */
  cb: Plane | null;
  cr: Plane | null;
  matrixCoefficients: number;
  fullRange: boolean;
}

/** Limited ("video") range: luma 16-235, chroma 16-240 around 128, as 8-bit values. */
const LIMITED = { black: 16, lumaSpan: 219, chromaSpan: 224 } as const;
const NEUTRAL_CHROMA = 128;

/** YCbCr planes (whatever their chroma subsampling) scaled down to `width` x `height` RGBA, opaque. */
export function downscaleYCbCr(planes: YCbCrPlanes, width: number, height: number): Uint8ClampedArray {
  const { kr, kb } = lumaWeights(planes.matrixCoefficients);
  const kg = 1 - kr - kb;
  const luma = planes.fullRange ? 1 : OPAQUE / LIMITED.lumaSpan;
  const black = planes.fullRange ? 0 : LIMITED.black;
  const chroma = planes.fullRange ? 1 : OPAQUE / LIMITED.chromaSpan;
  const rgba = new Uint8ClampedArray(width * height * 4);
  const ys = resampledRows(planes.y, width, height);
  const cbs = planes.cb ? resampledRows(planes.cb, width, height) : null;
  const crs = planes.cr ? resampledRows(planes.cr, width, height) : null;
  const neutral = new Float32Array(width).fill(NEUTRAL_CHROMA);
  for (let row = 0; row < height; row++) {
    const y = ys.next().value as Float32Array;
    const cb = cbs ? (cbs.next().value as Float32Array) : neutral;
    const cr = crs ? (crs.next().value as Float32Array) : neutral;
    for (let x = 0; x < width; x++) {
      const l = (y[x]! - black) * luma;
      const u = (cb[x]! - NEUTRAL_CHROMA) * chroma;
      const v = (cr[x]! - NEUTRAL_CHROMA) * chroma;
      const at = (row * width + x) * 4;
      rgba[at] = l + 2 * (1 - kr) * v;
      rgba[at + 1] = l - ((2 * kb * (1 - kb)) / kg) * u - ((2 * kr * (1 - kr)) / kg) * v;
      rgba[at + 2] = l + 2 * (1 - kb) * u;
      rgba[at + 3] = OPAQUE;
    }
  }
  return rgba;
}

/** An RGBA picture (transparency laid over white) scaled down to `width` x `height` RGBA, opaque. */
export function downscaleRgba(plane: Plane, width: number, height: number): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(width * height * 4);
  let row = 0;
  for (const rgb of resampledRows(plane, width, height)) {
    for (let x = 0; x < width; x++) {
      const at = (row * width + x) * 4;
      rgba[at] = rgb[x * 3]!;
      rgba[at + 1] = rgb[x * 3 + 1]!;
      rgba[at + 2] = rgb[x * 3 + 2]!;
      rgba[at + 3] = OPAQUE;
    }
    row++;
  }
  return rgba;
}

/** Exif orientations 5-8 turn the picture a quarter: its width and height swap. */
const FIRST_QUARTER_TURN = 5;

/**
 * An RGBA picture turned upright as its Exif orientation (1-8) says: 2 mirrored, 3 half a turn,
 * 4 flipped, 5 transposed, 6 a quarter turn clockwise, 7 transversed, 8 a quarter turn back.
 */
export function orientRgba(rgba: Uint8ClampedArray, width: number, height: number, orientation: number): { rgba: Uint8ClampedArray; width: number; height: number } {
  if (orientation <= 1 || orientation > 8) return { rgba, width, height };
  const turned = orientation >= FIRST_QUARTER_TURN;
  const out = { rgba: new Uint8ClampedArray(rgba.length), width: turned ? height : width, height: turned ? width : height };
  // For each upright pixel (x, y), the stored pixel it shows.
  const source: Record<number, (x: number, y: number) => [number, number]> = {
    2: (x, y) => [width - 1 - x, y],
    3: (x, y) => [width - 1 - x, height - 1 - y],
    4: (x, y) => [x, height - 1 - y],
    5: (x, y) => [y, x],
    6: (x, y) => [y, height - 1 - x],
    7: (x, y) => [width - 1 - y, height - 1 - x],
    8: (x, y) => [width - 1 - y, x],
  };
  const from = source[orientation]!;
  for (let y = 0; y < out.height; y++) {
    for (let x = 0; x < out.width; x++) {
      const [sx, sy] = from(x, y);
      const at = (y * out.width + x) * 4;
      const stored = (sy * width + sx) * 4;
      for (let c = 0; c < 4; c++) out.rgba[at + c] = rgba[stored + c]!;
    }
  }
  return out;
}
