import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exifWithGps, xmpWithGps } from "../../scripts/images/exif";
import { encodePng } from "../../scripts/images/png";
import { asciiBytes, concat } from "../../src/domain/bytes";
import { orientationOf, orientationOnlyTiff, withoutExifId } from "../../src/domain/exif";
import { stripHeifMetadata } from "../../src/domain/heif";
import { stripImageMetadata } from "../../src/domain/imageMetadata";
import { pngChunk, readPngChunks, stripPngMetadata } from "../../src/domain/png";
import { readWebpChunks, stripWebpMetadata } from "../../src/domain/webp";
import { TEST_POSITION, testPicture } from "../support/images";

const FIXTURES = join(import.meta.dirname, "../fixtures");
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));
const contains = (bytes: Uint8Array, value: string) => Buffer.from(bytes).includes(Buffer.from(value));
const SECRETS = ["GPS", "Test Camera", "xmpmeta", "Acacia"];

/** The TIFF data of a phone's Exif block (camera, time, GPS), as PNG and WebP carry it. */
const phoneTiff = (orientation?: number) => withoutExifId(exifWithGps({ ...TEST_POSITION, ...(orientation === undefined ? {} : { orientation }) }).subarray(4));
const xmpPacket = () => xmpWithGps(TEST_POSITION).subarray(4 + "http://ns.adobe.com/xap/1.0/\0".length);

function value<T>(result: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

describe("stripPngMetadata", () => {
  /** A PNG as a photo app might write it: Exif, text of every kind, a time and a private chunk, junk after the end. */
  function phonePng(orientation?: number) {
    const chunks = value(readPngChunks(encodePng(testPicture())));
    const [header, ...rest] = chunks.map((chunk) => chunk.raw);
    const metadata = [
      pngChunk("eXIf", phoneTiff(orientation)),
      pngChunk("tEXt", asciiBytes("Comment\0taken at home, 12 Acacia Avenue")),
      pngChunk("iTXt", concat([asciiBytes("XML:com.adobe.xmp\0\0\0\0\0"), xmpPacket()])),
      pngChunk("zTXt", asciiBytes("Raw profile type iptc\0\0xx")),
      pngChunk("tIME", Uint8Array.of(7, 234, 1, 15, 10, 30, 0)),
      pngChunk("prVt", asciiBytes("GPS 51.5")),
    ];
    return concat([encodePng(testPicture()).subarray(0, 8), header!, ...metadata, ...rest, asciiBytes("GPS after the end")]);
  }

  it("drops Exif, text, time, private chunks and what follows IEND; the picture's chunks stay byte for byte", () => {
    const original = phonePng();
    for (const secret of SECRETS) expect(contains(original, secret), secret).toBe(true);
    const stripped = value(stripPngMetadata(original));
    for (const secret of SECRETS) expect(contains(stripped, secret), secret).toBe(false);
    expect(value(readPngChunks(stripped)).map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    expect(stripped).toEqual(encodePng(testPicture()));
  });

  it("keeps a turned picture's orientation, and only that, in an eXIf chunk where the original was", () => {
    const stripped = value(stripPngMetadata(phonePng(6)));
    const chunks = value(readPngChunks(stripped));
    expect(chunks.map((c) => c.type)).toEqual(["IHDR", "eXIf", "IDAT", "IEND"]);
    expect(chunks[1]!.data).toEqual(orientationOnlyTiff(6));
    expect(chunks[1]!.raw).toEqual(pngChunk("eXIf", orientationOnlyTiff(6)));
    expect(orientationOf(chunks[1]!.data)).toBe(6);
  });

  it("refuses what is not a PNG or breaks off inside a chunk or before IEND", () => {
    const png = encodePng(testPicture());
    expect(stripPngMetadata(asciiBytes("GIF89a"))).toEqual({ ok: false, error: "not-a-png" });
    expect(stripPngMetadata(png.subarray(0, png.length - 20))).toEqual({ ok: false, error: "truncated" });
    expect(stripPngMetadata(png.subarray(0, png.length - 12))).toEqual({ ok: false, error: "truncated" });
  });
});

describe("stripWebpMetadata", () => {
  const simple = fixture("picture.webp");
  const frame = value(readWebpChunks(simple))[0]!;
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(8 + data.length + (data.length % 2));
    out.set(asciiBytes(type));
    new DataView(out.buffer).setUint32(4, data.length, true);
    out.set(data, 8);
    return out;
  };
  const riff = (...chunks: Uint8Array[]) => {
    const body = concat([asciiBytes("WEBP"), ...chunks]);
    const out = concat([asciiBytes("RIFF"), new Uint8Array(4), body]);
    new DataView(out.buffer).setUint32(4, body.length, true);
    return out;
  };
  /** Extended header: flags, then the canvas size less one (64x48). */
  const vp8x = (flags: number) => chunk("VP8X", Uint8Array.of(flags, 0, 0, 0, 63, 0, 0, 47, 0, 0));
  const EXIF_FLAG = 0x08;
  const XMP_FLAG = 0x04;
  const ALPHA_FLAG = 0x10;
  const phoneWebp = (orientation?: number) =>
    concat([riff(vp8x(EXIF_FLAG | XMP_FLAG | ALPHA_FLAG), chunk(frame.type, frame.data), chunk("EXIF", phoneTiff(orientation)), chunk("XMP ", xmpPacket()), chunk("UNKN", asciiBytes("GPS"))), asciiBytes("GPS trailing")]);

  it("drops EXIF, XMP, unknown chunks and trailing bytes, clears their VP8X flags and fixes the RIFF size", () => {
    const original = phoneWebp();
    const stripped = value(stripWebpMetadata(original));
    for (const secret of SECRETS) expect(contains(stripped, secret), secret).toBe(false);
    const chunks = value(readWebpChunks(stripped));
    expect(chunks.map((c) => c.type)).toEqual(["VP8X", "VP8 "]);
    // Other flags (alpha here) are left as they were.
    expect(chunks[0]!.data[0]).toBe(ALPHA_FLAG);
    expect(chunks[1]!.data).toEqual(frame.data);
    expect(new DataView(stripped.buffer, stripped.byteOffset).getUint32(4, true)).toBe(stripped.length - 8);
  });

  it("keeps a turned picture's orientation alone in its EXIF chunk, with the Exif flag set", () => {
    const chunks = value(readWebpChunks(value(stripWebpMetadata(phoneWebp(6)))));
    expect(chunks.map((c) => c.type)).toEqual(["VP8X", "VP8 ", "EXIF"]);
    expect(chunks[0]!.data[0]).toBe(ALPHA_FLAG | EXIF_FLAG);
    expect(chunks[2]!.data).toEqual(orientationOnlyTiff(6));
  });

  it("leaves a simple WebP (no room for metadata) as it is, and refuses a broken one", () => {
    expect(value(stripWebpMetadata(simple))).toEqual(simple);
    expect(stripWebpMetadata(simple.subarray(0, simple.length - 10))).toEqual({ ok: false, error: "truncated" });
    expect(stripWebpMetadata(encodePng(testPicture()))).toEqual({ ok: false, error: "not-a-webp" });
  });
});

describe("stripHeifMetadata", () => {
  const u16 = (n: number) => Uint8Array.of(n >> 8, n & 0xff);
  const u32 = (n: number) => Uint8Array.of(n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff);
  const box = (type: string, ...parts: Uint8Array[]) => {
    const content = concat(parts);
    return concat([u32(8 + content.length), asciiBytes(type), content]);
  };
  const fullBox = (type: string, version: number, ...parts: Uint8Array[]) => box(type, Uint8Array.of(version, 0, 0, 0), ...parts);
  const infe = (id: number, type: string, ...extra: string[]) => fullBox("infe", 2, u16(id), u16(0), asciiBytes(type), asciiBytes("\0"), ...extra.map((text) => asciiBytes(`${text}\0`)));

  const exifItem = concat([u32(6), asciiBytes("Exif\0\0"), phoneTiff(6)]);
  const xmpItem = xmpPacket();
  const picture = asciiBytes("compressed picture bytes stand in here");

  /**
   * A HEIF laid out as a phone writes one: the Exif item in `mdat` before the picture (construction
   * method 0), the XMP item in the meta box's `idat` (method 1), and an XMP `uuid` box at the top.
   */
  function phoneHeif({ exifLength = exifItem.length } = {}) {
    const layout = (mdatDataAt: number) => {
      const iloc = fullBox(
        "iloc",
        1,
        Uint8Array.of(0x44, 0x00),
        u16(3),
        ...[
          [1, 0, mdatDataAt, exifLength],
          [2, 1, 0, xmpItem.length],
          [3, 0, mdatDataAt + exifItem.length, picture.length],
        ].map(([id, method, offset, length]) => concat([u16(id!), u16(method!), u16(0), u16(1), u32(offset!), u32(length!)])),
      );
      const iinf = fullBox("iinf", 0, u16(3), infe(1, "Exif"), infe(2, "mime", "application/rdf+xml"), infe(3, "hvc1"));
      const meta = fullBox("meta", 0, fullBox("hdlr", 0, u32(0), asciiBytes("pict"), new Uint8Array(12), asciiBytes("\0")), fullBox("pitm", 0, u16(3)), iinf, iloc, box("idat", xmpItem));
      const ftyp = box("ftyp", asciiBytes("heic"), u32(0), asciiBytes("mif1heic"));
      const uuid = box("uuid", new Uint8Array(16).fill(0xbe), xmpItem);
      return { head: concat([ftyp, meta, uuid]), mdat: box("mdat", exifItem, picture) };
    };
    // Offsets do not change the sizes of the boxes before mdat: lay out once to learn where its data starts.
    const mdatDataAt = layout(0).head.length + 8;
    const { head, mdat } = layout(mdatDataAt);
    return { bytes: concat([head, mdat]), exifAt: mdatDataAt, pictureAt: mdatDataAt + exifItem.length };
  }

  it("overwrites Exif and XMP items in place, frees metadata boxes, and leaves the picture and every offset as they were", () => {
    const { bytes, exifAt, pictureAt } = phoneHeif();
    for (const secret of ["GPS", "Test Camera", "xmpmeta"]) expect(contains(bytes, secret), secret).toBe(true);
    const stripped = value(stripHeifMetadata(bytes));
    expect(stripped.length).toBe(bytes.length);
    for (const secret of ["GPS", "Test Camera", "GPSLatitude", "uuid"]) expect(contains(stripped, secret), secret).toBe(false);
    expect(stripped.subarray(pictureAt, pictureAt + picture.length)).toEqual(picture);
    // The Exif item is an empty Exif block: header offset 0, a TIFF structure with no tags, then zeros.
    const exif = stripped.subarray(exifAt, exifAt + exifItem.length);
    expect(exif.subarray(0, 4)).toEqual(u32(0));
    expect(exif.subarray(4, 18)).toEqual(orientationOnlyTiff(null));
    expect(exif.subarray(18).every((byte) => byte === 0)).toBe(true);
    // The XMP item is an empty packet padded with spaces.
    const xmpAt = Buffer.from(stripped).indexOf("<x:xmpmeta");
    expect(Buffer.from(stripped.subarray(xmpAt, xmpAt + xmpItem.length)).toString("latin1").trimEnd()).toBe('<x:xmpmeta xmlns:x="adobe:ns:meta/"/>');
    // The uuid box is a free box of zeros now.
    const uuidAt = Buffer.from(bytes).indexOf("uuid") - 4;
    const uuidEnd = uuidAt + 8 + 16 + xmpItem.length;
    expect(Buffer.from(stripped.subarray(uuidAt + 4, uuidAt + 8)).toString("latin1")).toBe("free");
    expect(stripped.subarray(uuidAt + 8, uuidEnd).every((byte) => byte === 0)).toBe(true);
    // Nothing else changed: not a size, not an offset.
    const idatXmpAt = Buffer.from(bytes).indexOf(Buffer.from(xmpItem));
    const inside = (i: number, start: number, end: number) => i >= start && i < end;
    const changed = [...bytes.keys()].filter((i) => bytes[i] !== stripped[i]);
    expect(changed.filter((i) => !inside(i, exifAt, exifAt + exifItem.length) && !inside(i, idatXmpAt, idatXmpAt + xmpItem.length) && !inside(i, uuidAt, uuidEnd))).toEqual([]);
  });

  it("reads the real HEIC that libheif writes, which has no metadata, and leaves it byte for byte", () => {
    const heic = fixture("picture.heic");
    expect(value(stripImageMetadata(heic, "heic"))).toEqual(heic);
  });

  it("refuses what is not a HEIF, a file cut off inside a box, and an extent it cannot place", () => {
    const { bytes } = phoneHeif();
    expect(stripHeifMetadata(encodePng(testPicture()))).toEqual({ ok: false, error: "not-a-heif" });
    expect(stripHeifMetadata(bytes.subarray(0, 200))).toEqual({ ok: false, error: "truncated" });
    expect(stripHeifMetadata(phoneHeif({ exifLength: 0 }).bytes)).toEqual({ ok: false, error: "unsupported" });
    expect(stripHeifMetadata(phoneHeif({ exifLength: bytes.length }).bytes)).toEqual({ ok: false, error: "truncated" });
  });
});
