import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isShareId, SHARE_TARGET_FILES_FIELD, SHARE_TARGET_PATH } from "../../src/lib/sharedFiles";

interface ShareTarget {
  action: string;
  method: string;
  enctype: string;
  params: { files: { name: string; accept: string[] }[] };
}

const manifest = JSON.parse(readFileSync(new URL("../../public/manifest.webmanifest", import.meta.url), "utf8")) as { share_target?: ShareTarget };

describe("the manifest's share target (issue 41)", () => {
  it("posts shared files as a multipart form to the path the service worker answers", () => {
    expect(manifest.share_target).toMatchObject({ action: SHARE_TARGET_PATH, method: "POST", enctype: "multipart/form-data" });
    expect(manifest.share_target?.params.files.map((field) => field.name)).toEqual([SHARE_TARGET_FILES_FIELD]);
  });

  it("accepts photos and videos, by type and by extension, HEIC and MOV included", () => {
    const accept = manifest.share_target?.params.files[0]?.accept ?? [];
    expect(accept).toEqual(expect.arrayContaining(["image/*", "video/*", "image/jpeg", "image/png", "image/webp", "image/heic", "video/mp4", "video/quicktime", "video/webm", ".heic", ".mov"]));
  });

  it("takes only share ids the service worker or the Worker write into the album's address", () => {
    expect(isShareId(crypto.randomUUID())).toBe(true);
    expect(isShareId("unavailable")).toBe(true);
    for (const other of ["", "../photos", "a".repeat(37), 42, undefined]) expect(isShareId(other)).toBe(false);
  });
});
