import { deflateSync } from "node:zlib";
import { PNG_SIGNATURE, pngChunk } from "../../src/domain/png";
import type { Raster } from "./raster";

/** PNG: signature, IHDR, IDAT (zlib over filtered rows), IEND; chunks framed as the domain's PNG reader expects. */
const BIT_DEPTH = 8;
const COLOR_TYPE_RGB = 2;
const CHANNELS = 3;
/** Filter type 0 ('None') before each row. */
const FILTER_NONE = 0;

export function encodePng(raster: Raster, compressionLevel = 6): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(raster.width, 0);
  header.writeUInt32BE(raster.height, 4);
  header.set([BIT_DEPTH, COLOR_TYPE_RGB, 0, 0, 0], 8);
  const stride = raster.width * CHANNELS;
  const rows = Buffer.alloc((stride + 1) * raster.height);
  for (let y = 0; y < raster.height; y++) {
    rows[y * (stride + 1)] = FILTER_NONE;
    rows.set(raster.pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return new Uint8Array(Buffer.concat([Uint8Array.from(PNG_SIGNATURE), pngChunk("IHDR", header), pngChunk("IDAT", deflateSync(rows, { level: compressionLevel })), pngChunk("IEND", new Uint8Array())]));
}
