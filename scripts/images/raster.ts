/**
 * A small RGB picture in memory and what the demo photos, tests and bench paint on it: gradients,
 * discs, bands and block-letter captions. The encoders (png.ts, jpeg.ts) turn it into files;
 * nothing here is downloaded.
 */
export type Rgb = readonly [number, number, number];

export interface Raster {
  width: number;
  height: number;
  /** Row-major RGB, 3 bytes per pixel. */
  pixels: Uint8Array;
}

const CHANNELS = 3;
const MAX_SAMPLE = 255;

export function createRaster(width: number, height: number, fill: Rgb = [MAX_SAMPLE, MAX_SAMPLE, MAX_SAMPLE]): Raster {
  const pixels = new Uint8Array(width * height * CHANNELS);
  for (let i = 0; i < pixels.length; i += CHANNELS) pixels.set(fill, i);
  return { width, height, pixels };
}

function setPixel(raster: Raster, px: number, py: number, color: Rgb) {
  const x = Math.floor(px);
  const y = Math.floor(py);
  if (x < 0 || y < 0 || x >= raster.width || y >= raster.height) return;
  raster.pixels.set(color, (y * raster.width + x) * CHANNELS);
}

const lerp = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [lerp(a[0], b[0], t), lerp(a[1], b[1], t), lerp(a[2], b[2], t)];

/** A diagonal gradient from the top-left colour to the bottom-right one. */
export function paintGradient(raster: Raster, from: Rgb, to: Rgb) {
  const span = raster.width + raster.height - 2 || 1;
  for (let y = 0; y < raster.height; y++) {
    for (let x = 0; x < raster.width; x++) setPixel(raster, x, y, mix(from, to, (x + y) / span));
  }
}

/** A disc whose colour depends on the distance from its centre (rings, soft edges). */
export function paintRadial(raster: Raster, cx: number, cy: number, radius: number, shade: (distance: number) => Rgb) {
  for (let y = Math.floor(cy - radius); y <= cy + radius; y++) {
    for (let x = Math.floor(cx - radius); x <= cx + radius; x++) {
      const distance = Math.hypot(x - cx, y - cy);
      if (distance <= radius) setPixel(raster, x, y, shade(distance));
    }
  }
}

export const paintDisc = (raster: Raster, cx: number, cy: number, radius: number, color: Rgb) => paintRadial(raster, cx, cy, radius, () => color);

export function paintRect(raster: Raster, left: number, top: number, width: number, height: number, color: Rgb) {
  for (let y = Math.round(top); y < Math.round(top + height); y++) {
    for (let x = Math.round(left); x < Math.round(left + width); x++) setPixel(raster, x, y, color);
  }
}

/** Random colours everywhere: a picture that does not compress (bench payloads of a set size). */
export function paintNoise(raster: Raster, seed: number) {
  let state = seed >>> 0 || 1;
  for (let i = 0; i < raster.pixels.length; i++) {
    // xorshift32: repeatable, fast, good enough to defeat compression.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    raster.pixels[i] = state & MAX_SAMPLE;
  }
}

/** 5x7 block letters, one string of 7 rows of 5 bits per character. */
const GLYPH_WIDTH = 5;
const GLYPH_HEIGHT = 7;
const GLYPHS: Record<string, string> = {
  A: "01110 10001 10001 11111 10001 10001 10001",
  B: "11110 10001 10001 11110 10001 10001 11110",
  C: "01111 10000 10000 10000 10000 10000 01111",
  D: "11110 10001 10001 10001 10001 10001 11110",
  E: "11111 10000 10000 11110 10000 10000 11111",
  F: "11111 10000 10000 11110 10000 10000 10000",
  G: "01111 10000 10000 10111 10001 10001 01111",
  H: "10001 10001 10001 11111 10001 10001 10001",
  I: "11111 00100 00100 00100 00100 00100 11111",
  J: "00111 00010 00010 00010 00010 10010 01100",
  K: "10001 10010 10100 11000 10100 10010 10001",
  L: "10000 10000 10000 10000 10000 10000 11111",
  M: "10001 11011 10101 10101 10001 10001 10001",
  N: "10001 11001 10101 10011 10001 10001 10001",
  O: "01110 10001 10001 10001 10001 10001 01110",
  P: "11110 10001 10001 11110 10000 10000 10000",
  Q: "01110 10001 10001 10001 10101 10010 01101",
  R: "11110 10001 10001 11110 10100 10010 10001",
  S: "01111 10000 10000 01110 00001 00001 11110",
  T: "11111 00100 00100 00100 00100 00100 00100",
  U: "10001 10001 10001 10001 10001 10001 01110",
  V: "10001 10001 10001 10001 10001 01010 00100",
  W: "10001 10001 10001 10101 10101 10101 01010",
  X: "10001 10001 01010 00100 01010 10001 10001",
  Y: "10001 10001 01010 00100 00100 00100 00100",
  Z: "11111 00001 00010 00100 01000 10000 11111",
  "0": "01110 10001 10011 10101 11001 10001 01110",
  "1": "00100 01100 00100 00100 00100 00100 01110",
  "2": "01110 10001 00001 00010 00100 01000 11111",
  "3": "11110 00001 00001 01110 00001 00001 11110",
  "4": "00010 00110 01010 10010 11111 00010 00010",
  "5": "11111 10000 11110 00001 00001 10001 01110",
  "6": "00110 01000 10000 11110 10001 10001 01110",
  "7": "11111 00001 00010 00100 01000 01000 01000",
  "8": "01110 10001 10001 01110 10001 10001 01110",
  "9": "01110 10001 10001 01111 00001 00010 01100",
  "!": "00100 00100 00100 00100 00100 00000 00100",
  "'": "00100 00100 01000 00000 00000 00000 00000",
  "-": "00000 00000 00000 11111 00000 00000 00000",
  " ": "00000 00000 00000 00000 00000 00000 00000",
};

/** Width in pixels of a caption drawn at `scale` (one blank column between letters). */
export const captionWidth = (text: string, scale: number) => text.length * (GLYPH_WIDTH + 1) * scale - scale;
export const captionHeight = (scale: number) => GLYPH_HEIGHT * scale;

/** Upper-case block letters; characters without a glyph are drawn as spaces. */
export function paintCaption(raster: Raster, text: string, left: number, top: number, scale: number, color: Rgb) {
  [...text.toUpperCase()].forEach((char, index) => {
    const rows = (GLYPHS[char] ?? GLYPHS[" "] ?? "").split(" ");
    rows.forEach((row, gy) => {
      [...row].forEach((bit, gx) => {
        if (bit === "1") paintRect(raster, left + (index * (GLYPH_WIDTH + 1) + gx) * scale, top + gy * scale, scale, scale, color);
      });
    });
  });
}

/** A smaller copy (nearest neighbour), as a browser-made thumbnail would be. */
export function scaleDown(raster: Raster, width: number): Raster {
  const height = Math.max(1, Math.round((raster.height * width) / raster.width));
  const out = createRaster(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = Math.floor((x * raster.width) / width);
      const sy = Math.floor((y * raster.height) / height);
      const from = (sy * raster.width + sx) * CHANNELS;
      out.pixels.set(raster.pixels.subarray(from, from + CHANNELS), (y * width + x) * CHANNELS);
    }
  }
  return out;
}
