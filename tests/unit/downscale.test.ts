import { describe, expect, it } from "vitest";
import { downscaleRgba, downscaleYCbCr, fitWithin, lumaWeights, orientRgba, resampledRows, type Plane } from "../../src/domain/downscale";

const grey = (width: number, height: number, values: number[]): Plane => ({ data: values, width, height, stride: width, channels: 1, maxSample: 255 });
const rows = (plane: Plane, width: number, height: number) => [...resampledRows(plane, width, height)].map((row) => [...row]);

describe("fitWithin", () => {
  it("caps the longest side, keeps the shape, never enlarges and never reaches zero", () => {
    expect(fitWithin(4032, 3024, 2048)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3024, 4032, 480)).toEqual({ width: 360, height: 480 });
    expect(fitWithin(64, 48, 2048)).toEqual({ width: 64, height: 48 });
    expect(fitWithin(10_000, 1, 480)).toEqual({ width: 480, height: 1 });
  });
});

describe("resampledRows (area averaging)", () => {
  it("averages each 2x2 block when halving", () => {
    const plane = grey(4, 2, [0, 100, 200, 40, 100, 200, 0, 40]);
    expect(rows(plane, 2, 1)).toEqual([[100, 70]]);
  });

  it("keeps a flat picture flat at a ratio that is not a whole number, and yields every row once", () => {
    const out = rows(grey(7, 5, Array<number>(35).fill(90)), 3, 2);
    expect(out).toHaveLength(2);
    for (const value of out.flat()) expect(value).toBeCloseTo(90, 3);
  });

  it("splits a source pixel between the two cells it straddles", () => {
    // 3 -> 2: the middle pixel is half in each cell, each cell holds 1.5 source pixels.
    expect(rows(grey(3, 1, [0, 150, 30]), 2, 1)[0]!.map((v) => Math.round(v))).toEqual([50, 70]);
  });

  it("enlarges a half-size chroma plane to the picture's size", () => {
    expect(rows(grey(2, 1, [10, 20]), 4, 1)).toEqual([[10, 10, 20, 20]]);
  });

  it("reads 10-bit samples as 0-255", () => {
    expect(rows({ ...grey(1, 1, [1023]), maxSample: 1023 }, 1, 1)).toEqual([[255]]);
  });

  it("lays RGBA over white: a transparent pixel turns white, a half-transparent black one grey", () => {
    const plane: Plane = { data: [0, 0, 0, 0, 0, 0, 0, 255, 0, 0, 0, 128], width: 3, height: 1, stride: 12, channels: 4, maxSample: 255 };
    const rgba = downscaleRgba(plane, 3, 1);
    expect([...rgba]).toEqual([255, 255, 255, 255, 0, 0, 0, 255, 127, 127, 127, 255]);
  });
});

describe("downscaleYCbCr", () => {
  const planes = (y: number, cb: number, cr: number, fullRange: boolean, matrixCoefficients = 6) => ({
    y: grey(2, 2, [y, y, y, y]),
    cb: grey(1, 1, [cb]),
    cr: grey(1, 1, [cr]),
    matrixCoefficients,
    fullRange,
  });

  it("turns neutral chroma into grey, in full range and in video range", () => {
    expect([...downscaleYCbCr(planes(128, 128, 128, true), 1, 1)]).toEqual([128, 128, 128, 255]);
    expect([...downscaleYCbCr(planes(16, 128, 128, false), 1, 1)]).toEqual([0, 0, 0, 255]);
    expect([...downscaleYCbCr(planes(235, 128, 128, false), 1, 1)]).toEqual([255, 255, 255, 255]);
  });

  it("converts with the picture's matrix: BT.601 red, and BT.709's weights", () => {
    // Pure red in full-range BT.601: Y 76.2, Cb 84.97, Cr 255.5 (rounded into range).
    const [r, g, b] = downscaleYCbCr(planes(76, 85, 255, true), 1, 1);
    expect(r).toBeGreaterThan(250);
    expect(g).toBeLessThan(5);
    expect(b).toBeLessThan(5);
    expect(lumaWeights(1)).toEqual({ kr: 0.2126, kb: 0.0722 });
    expect(lumaWeights(2)).toEqual({ kr: 0.299, kb: 0.114 });
  });

  it("reads a grey picture without chroma planes", () => {
    expect([...downscaleYCbCr({ y: grey(1, 1, [200]), cb: null, cr: null, matrixCoefficients: 6, fullRange: true }, 1, 1)]).toEqual([200, 200, 200, 255]);
  });
});

describe("orientRgba", () => {
  // Stored 3 x 2, each pixel's red the number of its place: 0 1 2 / 3 4 5.
  const stored = Uint8ClampedArray.from([0, 1, 2, 3, 4, 5].flatMap((n) => [n, 0, 0, 255]));
  const upright = (orientation: number) => {
    const turned = orientRgba(stored, 3, 2, orientation);
    const reds = [...turned.rgba].filter((_, i) => i % 4 === 0);
    return { width: turned.width, rows: Array.from({ length: turned.height }, (_, y) => reds.slice(y * turned.width, (y + 1) * turned.width)) };
  };

  it("turns and mirrors as each Exif orientation says", () => {
    expect(upright(1)).toEqual({ width: 3, rows: [[0, 1, 2], [3, 4, 5]] });
    expect(upright(2)).toEqual({ width: 3, rows: [[2, 1, 0], [5, 4, 3]] });
    expect(upright(3)).toEqual({ width: 3, rows: [[5, 4, 3], [2, 1, 0]] });
    expect(upright(4)).toEqual({ width: 3, rows: [[3, 4, 5], [0, 1, 2]] });
    expect(upright(5)).toEqual({ width: 2, rows: [[0, 3], [1, 4], [2, 5]] });
    // A quarter turn clockwise: the left column, read upwards, becomes the top row.
    expect(upright(6)).toEqual({ width: 2, rows: [[3, 0], [4, 1], [5, 2]] });
    expect(upright(7)).toEqual({ width: 2, rows: [[5, 2], [4, 1], [3, 0]] });
    expect(upright(8)).toEqual({ width: 2, rows: [[2, 5], [1, 4], [0, 3]] });
  });
});
