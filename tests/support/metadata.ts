import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeJpeg } from "../../scripts/images/jpeg";
import { encodePng } from "../../scripts/images/png";
import type { ImageKind } from "../../src/domain/uploads";
import { testPicture } from "./images";

/**
 * Pictures carrying what a phone or a photo app writes, tagged by exiftool (an independent reader
 * and writer: Debian's libimage-exiftool-perl), and exiftool's reading of stored bytes.
 */

const FIXTURES = join(import.meta.dirname, "../fixtures");

/** What every tagged picture carries: position, camera, serial number, XMP, and a sideways orientation. */
const PHONE_TAGS = [
  "-GPSLatitude=51.5007",
  "-GPSLatitudeRef=N",
  "-GPSLongitude=0.1246",
  "-GPSLongitudeRef=W",
  "-Make=TestPhone",
  "-Model=Test Camera 9",
  "-SerialNumber=SN123456",
  "-XMP:Creator=Olivia Parker",
  "-XMP:City=London",
  "-Orientation#=6",
];
/** What exiftool can add beyond that per format: IPTC and comments where the format has a place for them. */
const FORMAT_TAGS: Record<ImageKind, string[]> = {
  jpeg: ["-IPTC:City=London", "-IPTC:Keywords=home", "-Comment=taken at home, 12 Acacia Avenue"],
  png: ["-IPTC:City=London", "-PNG:Comment=taken at home, 12 Acacia Avenue", "-PNG:Software=TestPhone Camera"],
  webp: [],
  heic: [],
};
const EXTENSIONS: Record<ImageKind, string> = { jpeg: "jpg", png: "png", webp: "webp", heic: "heic" };

/** A 64x48 picture of each kind, without metadata: drawn here, or a fixture made once (tests/fixtures/README.md). */
const basePicture = (kind: ImageKind): Uint8Array =>
  kind === "jpeg" ? encodeJpeg(testPicture(64, 48), 85, []) : kind === "png" ? encodePng(testPicture(64, 48)) : new Uint8Array(readFileSync(join(FIXTURES, `picture.${EXTENSIONS[kind]}`)));

export function inTempFile<T>(bytes: Uint8Array, extension: string, use: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), "babysteps-meta-"));
  const file = join(dir, `picture.${extension}`);
  try {
    writeFileSync(file, bytes);
    return use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The picture of `kind` (the 64x48 one unless given) with a phone's metadata written into it by exiftool. */
export function taggedPicture(kind: ImageKind, picture: Uint8Array = basePicture(kind)): Uint8Array<ArrayBuffer> {
  return inTempFile(picture, EXTENSIONS[kind], (file) => {
    execFileSync("exiftool", ["-q", "-q", "-m", "-overwrite_original", ...PHONE_TAGS, ...FORMAT_TAGS[kind], file]);
    return new Uint8Array(readFileSync(file));
  });
}

export type ExiftoolReading = Record<string, unknown>;

/** exiftool's reading of these bytes, every tag of every group (`exiftool -j -G -a`). */
export function readWithExiftool(bytes: Uint8Array): ExiftoolReading {
  return inTempFile(bytes, "bin", (file) => {
    const [reading] = JSON.parse(execFileSync("exiftool", ["-j", "-G", "-a", file], { encoding: "utf8" })) as ExiftoolReading[];
    if (!reading) throw new Error("exiftool read nothing");
    return reading;
  });
}

/** Tags that tell where or with what a picture was taken, or who took it: none may be stored. */
const PRIVATE_TAG = /GPS|:Make$|:Model$|Serial|^XMP|^IPTC|Comment|Creator|City|Keywords|Software/;

export const privateTags = (reading: ExiftoolReading) => Object.keys(reading).filter((tag) => PRIVATE_TAG.test(tag));

/** exiftool's reading of a clip, embedded streams too (`exiftool -ee -a -G1 -s`: timed GPS samples among them), one line a tag. */
export const readClipWithExiftool = (bytes: Uint8Array, extension: string): string[] =>
  inTempFile(bytes, extension, (file) => execFileSync("exiftool", ["-ee", "-a", "-G1", "-s", file], { encoding: "utf8" }).split("\n").filter(Boolean));

/** exiftool's reading of a clip as JSON, embedded streams too (`-ee`: timed metadata such as GPS tracks), every tag by its location group. */
export function readClipTags(bytes: Uint8Array): ExiftoolReading {
  return inTempFile(bytes, "mov", (file) => {
    const [reading] = JSON.parse(execFileSync("exiftool", ["-j", "-G1", "-a", "-ee", file], { encoding: "utf8" })) as ExiftoolReading[];
    if (!reading) throw new Error("exiftool read nothing");
    return reading;
  });
}

/** Tags that tell where or with what a clip was made: exiftool's own about the file, and a colour profile's empty device fields, aside. */
const CLIP_PRIVATE_TAG = /GPS|Location|Make|Model|Serial|Software|Coordinates/i;
const NOT_ABOUT_THE_RECORDING = /^(File|System|ExifTool|ICC-header|ICC_Profile):/;

export const privateClipTags = (reading: ExiftoolReading): Array<[string, unknown]> =>
  Object.entries(reading).filter(([tag, value]) => CLIP_PRIVATE_TAG.test(tag) && !NOT_ABOUT_THE_RECORDING.test(tag) && value !== "");
