import type { Raster } from "./raster";

/**
 * A baseline JPEG encoder (JFIF, YCbCr 4:4:4, one quantisation table, one DC and one AC Huffman
 * table shared by the three components). The Huffman codes have fixed lengths (4 bits for the 12 DC
 * categories, 8 for the 162 AC symbols): larger files than the standard tables, far less to get
 * wrong, and any decoder reads them. For demo photos, test files and bench payloads.
 */
const BLOCK = 8;
const BLOCK_AREA = BLOCK * BLOCK;
const CHANNELS = 3;
const LEVEL_SHIFT = 128;
const MAX_SAMPLE = 255;

/** Position in natural (row-major) order of each coefficient in zig-zag order. */
const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38,
  31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

const DC_CATEGORIES = 12;
const DC_CODE_BITS = 4;
const AC_MAX_SIZE = 10;
const AC_MAX_RUN = 15;
const AC_CODE_BITS = 8;
const EOB = 0x00;
const ZRL = 0xf0;
/** Every AC symbol (run << 4 | size) a baseline scan can use: EOB, ZRL and runs 0-15 of sizes 1-10. */
const AC_SYMBOLS = [EOB, ZRL, ...Array.from({ length: (AC_MAX_RUN + 1) * AC_MAX_SIZE }, (_, i) => ((Math.floor(i / AC_MAX_SIZE) << 4) | ((i % AC_MAX_SIZE) + 1)))];
/** Canonical codes of one length are simply 0, 1, 2... in symbol order. */
const AC_CODES = new Map(AC_SYMBOLS.map((symbol, index) => [symbol, index]));
function acCode(symbol: number): number {
  const code = AC_CODES.get(symbol);
  if (code === undefined) throw new Error(`No AC code for symbol ${symbol.toString(16)}`);
  return code;
}

const COS = Array.from({ length: BLOCK * BLOCK }, (_, i) => Math.cos(((2 * (i % BLOCK) + 1) * Math.floor(i / BLOCK) * Math.PI) / (2 * BLOCK)));
const scale = (u: number) => (u === 0 ? Math.SQRT1_2 : 1);

/** Quantisation steps that grow with frequency; `quality` 1-100 scales them like libjpeg does. */
function quantisationTable(quality: number): number[] {
  const factor = quality < 50 ? 5000 / quality : 200 - quality * 2;
  return Array.from({ length: BLOCK_AREA }, (_, i) => {
    const u = i % BLOCK;
    const v = Math.floor(i / BLOCK);
    return Math.min(MAX_SAMPLE, Math.max(1, Math.round(((16 + (u + v) * 6) * factor) / 100)));
  });
}

class BitWriter {
  private bytes: number[] = [];
  private buffer = 0;
  private count = 0;

  write(value: number, length: number) {
    for (let bit = length - 1; bit >= 0; bit--) {
      this.buffer = (this.buffer << 1) | ((value >> bit) & 1);
      this.count += 1;
      if (this.count === 8) this.flushByte();
    }
  }

  private flushByte() {
    this.bytes.push(this.buffer);
    // A 0xFF byte in scan data is followed by a stuffed 0x00 so no decoder reads it as a marker.
    if (this.buffer === 0xff) this.bytes.push(0);
    this.buffer = 0;
    this.count = 0;
  }

  /** Pads the last byte with one-bits, as the standard asks. */
  finish(): Uint8Array {
    if (this.count > 0) this.write((1 << (8 - this.count)) - 1, 8 - this.count);
    return Uint8Array.from(this.bytes);
  }
}

const bitSize = (value: number) => (value === 0 ? 0 : Math.floor(Math.log2(Math.abs(value))) + 1);
/** Negative values are sent as their one's complement in `size` bits. */
const magnitudeBits = (value: number, size: number) => (value < 0 ? value + (1 << size) - 1 : value);

/** 2-D DCT as two passes of the 1-D one (rows, then columns), then quantised. */
function forwardDct(samples: Float64Array, quant: number[], rows: Float64Array, out: Int32Array) {
  for (let y = 0; y < BLOCK; y++) {
    for (let u = 0; u < BLOCK; u++) {
      let sum = 0;
      for (let x = 0; x < BLOCK; x++) sum += (samples[y * BLOCK + x] ?? 0) * (COS[u * BLOCK + x] ?? 0);
      rows[y * BLOCK + u] = sum;
    }
  }
  for (let u = 0; u < BLOCK; u++) {
    for (let v = 0; v < BLOCK; v++) {
      let sum = 0;
      for (let y = 0; y < BLOCK; y++) sum += (rows[y * BLOCK + u] ?? 0) * (COS[v * BLOCK + y] ?? 0);
      const index = v * BLOCK + u;
      out[index] = Math.round((0.25 * scale(u) * scale(v) * sum) / (quant[index] ?? 1));
    }
  }
}

function encodeBlock(writer: BitWriter, coefficients: Int32Array, previousDc: number): number {
  const dc = coefficients[0] ?? 0;
  const diff = dc - previousDc;
  const dcSize = bitSize(diff);
  writer.write(dcSize, DC_CODE_BITS);
  if (dcSize > 0) writer.write(magnitudeBits(diff, dcSize), dcSize);
  let run = 0;
  for (let k = 1; k < BLOCK_AREA; k++) {
    const value = coefficients[ZIGZAG[k] ?? 0] ?? 0;
    if (value === 0) {
      run += 1;
      continue;
    }
    while (run > AC_MAX_RUN) {
      writer.write(acCode(ZRL), AC_CODE_BITS);
      run -= AC_MAX_RUN + 1;
    }
    const size = bitSize(value);
    writer.write(acCode((run << 4) | size), AC_CODE_BITS);
    writer.write(magnitudeBits(value, size), size);
    run = 0;
  }
  if (run > 0) writer.write(acCode(EOB), AC_CODE_BITS);
  return dc;
}

function segment(marker: number, payload: number[]): number[] {
  const length = payload.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...payload];
}

/** Huffman table: class/id, the count of codes of each length 1-16, then the symbols. */
function huffmanTable(classAndId: number, codeBits: number, symbols: number[]): number[] {
  const counts = Array.from({ length: 16 }, (_, i) => (i + 1 === codeBits ? symbols.length : 0));
  return [classAndId, ...counts, ...symbols];
}

/** A JPEG of the picture; `segments` (already framed, e.g. an Exif APP1) go right after the JFIF header. */
export function encodeJpeg(raster: Raster, quality = 85, segments: Uint8Array[] = []): Uint8Array {
  const quant = quantisationTable(quality);
  const { width, height, pixels } = raster;
  const header = [
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segments.flatMap((s) => [...s]),
    ...segment(0xdb, [0, ...ZIGZAG.map((i) => quant[i] ?? 1)]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]),
    ...segment(0xc4, [...huffmanTable(0x00, DC_CODE_BITS, Array.from({ length: DC_CATEGORIES }, (_, i) => i)), ...huffmanTable(0x10, AC_CODE_BITS, AC_SYMBOLS)]),
    ...segment(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]),
  ];
  const writer = new BitWriter();
  const samples = [new Float64Array(BLOCK_AREA), new Float64Array(BLOCK_AREA), new Float64Array(BLOCK_AREA)] as const;
  const coefficients = new Int32Array(BLOCK_AREA);
  const rows = new Float64Array(BLOCK_AREA);
  const previousDc = [0, 0, 0];
  for (let by = 0; by < height; by += BLOCK) {
    for (let bx = 0; bx < width; bx += BLOCK) {
      for (let y = 0; y < BLOCK; y++) {
        for (let x = 0; x < BLOCK; x++) {
          // Blocks that run past the edge repeat the last row and column.
          const offset = (Math.min(by + y, height - 1) * width + Math.min(bx + x, width - 1)) * CHANNELS;
          const r = pixels[offset] ?? 0;
          const g = pixels[offset + 1] ?? 0;
          const b = pixels[offset + 2] ?? 0;
          const i = y * BLOCK + x;
          samples[0][i] = 0.299 * r + 0.587 * g + 0.114 * b - LEVEL_SHIFT;
          samples[1][i] = -0.168736 * r - 0.331264 * g + 0.5 * b;
          samples[2][i] = 0.5 * r - 0.418688 * g - 0.081312 * b;
        }
      }
      samples.forEach((component, c) => {
        forwardDct(component, quant, rows, coefficients);
        previousDc[c] = encodeBlock(writer, coefficients, previousDc[c] ?? 0);
      });
    }
  }
  const scan = writer.finish();
  const out = new Uint8Array(header.length + scan.length + 2);
  out.set(header);
  out.set(scan, header.length);
  out.set([0xff, 0xd9], header.length + scan.length);
  return out;
}
