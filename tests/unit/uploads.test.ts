import { describe, expect, it } from "vitest";
import { checkGuestQuota, checkStorageLimit, checkUploadFile, detectImageType, estimatePhotoCount, GUEST_PHOTO_QUOTA, guestQuotaNote, IMAGE_HEADER_BYTES, IMAGE_TYPES, isUnlimited, PHOTO_MAX_FILE_BYTES, PHOTO_WARN_FILE_BYTES, validateUploadBatch } from "../../src/domain/uploads";
import { BYTES_PER_MB } from "../../src/domain/units";

const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));
const header = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? ascii(part) : part)));

const JPEG = header([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF\0\u0001");
const PNG = header([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const WEBP = header("RIFF", [0x24, 0, 0, 0], "WEBP");
const heif = (brand: string) => header([0, 0, 0, 0x18], "ftyp", brand);
const GIF = header("GIF89a", [0, 0, 0, 0, 0, 0]);

describe("detectImageType", () => {
  it("recognises jpeg, png and webp by their magic bytes", () => {
    expect(detectImageType(JPEG)).toEqual({ kind: "jpeg", mime: "image/jpeg", extension: "jpg" });
    expect(detectImageType(PNG)).toBe(IMAGE_TYPES.png);
    expect(detectImageType(WEBP)).toBe(IMAGE_TYPES.webp);
    expect(JPEG.length).toBeLessThanOrEqual(IMAGE_HEADER_BYTES);
  });

  it("recognises every HEIC brand and nothing else in an ftyp box", () => {
    for (const brand of ["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"]) expect(detectImageType(heif(brand))).toBe(IMAGE_TYPES.heic);
    for (const brand of ["avif", "mp42", "isom", "qt  ", "HEIC"]) expect(detectImageType(heif(brand))).toBeNull();
  });

  it("refuses other files and truncated headers", () => {
    expect(detectImageType(GIF)).toBeNull();
    expect(detectImageType(header("<svg xmlns="))).toBeNull();
    expect(detectImageType(header("RIFF", [0, 0, 0, 0], "WAVE"))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
    expect(detectImageType(header([0xff, 0xd8]))).toBeNull();
    expect(detectImageType(PNG.subarray(0, 7))).toBeNull();
    expect(detectImageType(header("RIFF", [0, 0, 0, 0], "WEB"))).toBeNull();
    expect(detectImageType(header([0, 0, 0, 0x18], "ftyp", "hei"))).toBeNull();
  });
});

describe("checkUploadFile", () => {
  it("goes by the bytes when it has them, whatever the name and declared type say", () => {
    expect(checkUploadFile({ name: "notes.jpg", size: 20, type: "image/jpeg", bytes: header("just some text here") }, 3)).toEqual({
      type: null,
      errors: ["File 3: Unsupported file type (image/jpeg)"],
      warnings: [],
    });
    expect(checkUploadFile({ name: "scan.txt", size: 20, type: "text/plain", bytes: PNG }, 1)).toEqual({ type: IMAGE_TYPES.png, errors: [], warnings: [] });
    expect(checkUploadFile({ name: "big.png", size: PHOTO_WARN_FILE_BYTES + 1, bytes: PNG }, 2).warnings).toEqual(["File 2: Large file (5.0 MB) may take longer to upload"]);
  });
});

describe("validateUploadBatch", () => {
  const file = (name: string, size: number, extra: { type?: string; bytes?: Uint8Array } = {}) => ({ name, size, ...extra });

  it("allows up to 20 files and refuses 21 with only the count message", () => {
    const twenty = Array.from({ length: 20 }, (_, i) => file(`p${i}.jpg`, 1000));
    expect(validateUploadBatch(twenty)).toMatchObject({ ok: true, errors: [], warnings: [] });
    const result = validateUploadBatch([...twenty, file("bad.gif", PHOTO_MAX_FILE_BYTES * 2)]);
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual(["Maximum 20 files allowed at once"]);
  });

  it("accepts an empty batch", () => {
    expect(validateUploadBatch([])).toEqual({ ok: true, errors: [], warnings: [], types: [] });
  });

  it("decides the type from the bytes when given, whatever is declared", () => {
    const result = validateUploadBatch([
      file("photo.jpg", 10, { type: "image/jpeg", bytes: GIF }),
      file("photo.gif", 10, { type: "image/gif", bytes: PNG }),
    ]);
    expect(result.errors).toEqual(["File 1: Unsupported file type (image/jpeg)"]);
    expect(result.types).toEqual([null, IMAGE_TYPES.png]);
  });

  it("falls back to the declared type, then the extension", () => {
    const result = validateUploadBatch([
      file("a.jpg", 1, { type: "image/jpg" }),
      file("b", 1, { type: "image/heic" }),
      file("c.JPEG", 1),
      file("d.webp", 1, { type: "" }),
      file("e.gif", 1, { type: "image/gif" }),
      file("f.svg", 1),
      file("noextension", 1),
    ]);
    expect(result.types.slice(0, 4)).toEqual([IMAGE_TYPES.jpeg, IMAGE_TYPES.heic, IMAGE_TYPES.jpeg, IMAGE_TYPES.webp]);
    expect(result.errors).toEqual([
      "File 5: Unsupported file type (image/gif)",
      "File 6: Unsupported file type (svg)",
      "File 7: Unsupported file type (unknown)",
    ]);
  });

  it("allows exactly 10 MB and refuses more, with the size to one decimal", () => {
    const result = validateUploadBatch([file("a.jpg", PHOTO_MAX_FILE_BYTES), file("b.jpg", PHOTO_MAX_FILE_BYTES + 1), file("c.png", 12.34 * BYTES_PER_MB)]);
    expect(result.errors).toEqual([
      "File 2: File too large (10.0 MB). Maximum 10MB allowed.",
      "File 3: File too large (12.3 MB). Maximum 10MB allowed.",
    ]);
    expect(result.warnings).toEqual(["File 1: Large file (10.0 MB) may take longer to upload"]);
  });

  it("warns above 5 MB only", () => {
    const result = validateUploadBatch([file("a.jpg", PHOTO_WARN_FILE_BYTES), file("b.jpg", PHOTO_WARN_FILE_BYTES + 1), file("c.jpg", 7.25 * BYTES_PER_MB)]);
    expect(result.ok).toBe(true);
    expect(result.warnings).toEqual(["File 2: Large file (5.0 MB) may take longer to upload", "File 3: Large file (7.3 MB) may take longer to upload"]);
  });

  it("reports both problems of one file", () => {
    expect(validateUploadBatch([file("a.bmp", 11 * BYTES_PER_MB)]).errors).toEqual([
      "File 1: Unsupported file type (bmp)",
      "File 1: File too large (11.0 MB). Maximum 10MB allowed.",
    ]);
  });
});

describe("storage limit", () => {
  it("counts each started 2 MB as one photo", () => {
    expect(estimatePhotoCount(0)).toBe(0);
    expect(estimatePhotoCount(1)).toBe(1);
    expect(estimatePhotoCount(2 * BYTES_PER_MB)).toBe(1);
    expect(estimatePhotoCount(2 * BYTES_PER_MB + 1)).toBe(2);
    expect(estimatePhotoCount(-5)).toBe(0);
  });

  it("treats 999999 and above as unlimited", () => {
    expect(isUnlimited(999998)).toBe(false);
    expect(isUnlimited(999999)).toBe(true);
    expect(isUnlimited(1000000)).toBe(true);
    expect(isUnlimited(400)).toBe(false);
  });

  it("allows reaching the limit exactly and blocks going over, with the real numbers", () => {
    expect(checkStorageLimit(398, 400, 4 * BYTES_PER_MB)).toBeNull();
    expect(checkStorageLimit(398, 400, 4 * BYTES_PER_MB + 1)).toBe("Upload would exceed storage limit. You have 398/400 photos used.");
    expect(checkStorageLimit(400, 400, 0)).toBeNull();
    expect(checkStorageLimit(400, 400, 1)).toBe("Upload would exceed storage limit. You have 400/400 photos used.");
  });

  it("never blocks an unlimited plan", () => {
    expect(checkStorageLimit(5000, 999999, 100 * BYTES_PER_MB)).toBeNull();
  });
});

describe("guest quota", () => {
  it("lets a guest reach the quota exactly, counting each picture as one photo, and refuses one more with the count", () => {
    expect(GUEST_PHOTO_QUOTA).toBe(50);
    expect(checkGuestQuota(0, GUEST_PHOTO_QUOTA)).toBeNull();
    expect(checkGuestQuota(49, 1)).toBeNull();
    expect(checkGuestQuota(49, 2)).toBe("Upload would exceed your guest limit. You have 49/50 photos used.");
    expect(checkGuestQuota(50, 1)).toBe("Upload would exceed your guest limit. You have 50/50 photos used.");
  });

  it("is stated to the guest with what they have added", () => {
    expect(guestQuotaNote(3)).toBe("Guests can add up to 50 photos, in the album and the waiting room together. You have added 3.");
  });
});
