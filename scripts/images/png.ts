import { deflateSync } from "node:zlib";
import type { Raster } from "./raster";

/** PNG: signature, IHDR, IDAT (zlib over filtered rows), IEND; every chunk with its CRC-32. */
const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const BIT_DEPTH = 8;
const COLOR_TYPE_RGB = 2;
const CHANNELS = 3;
/** Filter type 0 ('None') before each row. */
const FILTER_NONE = 0;
const CRC_POLYNOMIAL = 0xedb88320;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? CRC_POLYNOMIAL ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const out = Buffer.alloc(4 + typeAndData.length + 4);
  out.writeUInt32BE(data.length, 0);
  typeAndData.copy(out, 4);
  out.writeUInt32BE(crc32(typeAndData), 4 + typeAndData.length);
  return out;
}

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
  return new Uint8Array(Buffer.concat([SIGNATURE, chunk("IHDR", header), chunk("IDAT", deflateSync(rows, { level: compressionLevel })), chunk("IEND", new Uint8Array())]));
}
