import { describe, expect, it } from "vitest";
import { cleanPhotoText, cleanTags, DEFAULT_WEEK, downloadFileName, PHOTO_LAST_WEEK, PHOTO_MAX_TAGS, PHOTO_TAG_MAX_LENGTH, photoDetailsSchema, photoUploadMetadataSchema, photoUrls, photoWeekOn } from "../../src/domain/photos";
import { addDays } from "../../src/domain/dates";
import { TITLE_MAX_LENGTH } from "../../src/domain/textLimits";

describe("photoUploadMetadataSchema", () => {
  it("defaults to week 24 with no tags or guest tags, and leaves the privacy level to the audience rule", () => {
    expect(photoUploadMetadataSchema.parse({})).toEqual({ week: DEFAULT_WEEK, guestTags: [] });
    expect(DEFAULT_WEEK).toBe(24);
  });

  it("takes weeks from the LMP to the end of service and refuses the rest", () => {
    expect(photoUploadMetadataSchema.safeParse({ week: 0 }).success).toBe(true);
    expect(photoUploadMetadataSchema.safeParse({ week: PHOTO_LAST_WEEK }).success).toBe(true);
    expect(PHOTO_LAST_WEEK).toBe(52);
    for (const week of [-1, PHOTO_LAST_WEEK + 1, 2.5, "24"]) expect(photoUploadMetadataSchema.safeParse({ week }).success, String(week)).toBe(false);
  });

  it("accepts privacy levels and audience groups from the spec's lists only", () => {
    expect(photoUploadMetadataSchema.safeParse({ privacyLevel: "parents-only", audienceGroups: ["friends", "acquaintances"] }).success).toBe(true);
    expect(photoUploadMetadataSchema.safeParse({ privacyLevel: "everyone" }).success).toBe(false);
    expect(photoUploadMetadataSchema.safeParse({ audienceGroups: ["parents-only"] }).success).toBe(false);
    expect(photoUploadMetadataSchema.safeParse({ guestTags: ["not-a-uuid"] }).success).toBe(false);
    expect(photoUploadMetadataSchema.safeParse({ eventId: null }).success).toBe(true);
  });

  it("caps the number of tags, and the edit schema takes the same fields without defaults", () => {
    expect(photoDetailsSchema.safeParse({ tags: Array.from({ length: PHOTO_MAX_TAGS + 1 }, (_, i) => `t${i}`) }).success).toBe(false);
    expect(photoDetailsSchema.parse({})).toEqual({});
  });
});

describe("cleanTags", () => {
  it("stores lower-case tags as typed once each, in order, without empties", () => {
    expect(cleanTags(["Bump", " bump ", "Mom<Dad", "", "   ", "first   kick", "<b>x</b>"])).toEqual(["bump", "mom<dad", "first kick", "<b>x</b>"]);
    expect(cleanTags(["x".repeat(PHOTO_TAG_MAX_LENGTH + 10)])[0]).toHaveLength(PHOTO_TAG_MAX_LENGTH);
  });
});

describe("cleanPhotoText", () => {
  it("keeps only the fields given, as typed, cuts titles at 200 with '...', and turns empty text into null", () => {
    expect(cleanPhotoText({})).toEqual({});
    expect(cleanPhotoText({ title: " Week 20 <3 ", description: "  ", altText: "A bump, javascript: is a word" })).toEqual({
      title: "Week 20 <3",
      description: null,
      altText: "A bump, javascript: is a word",
    });
    const title = cleanPhotoText({ title: "a".repeat(TITLE_MAX_LENGTH + 50) }).title!;
    expect(title).toHaveLength(TITLE_MAX_LENGTH);
    expect(title.endsWith("...")).toBe(true);
  });
});

describe("photoUrls and downloadFileName", () => {
  it("point at the authorised routes by photo id", () => {
    expect(photoUrls("p1", "f2")).toEqual({ url: "/api/photos/p1/f2", thumbnailUrl: "/api/photos/p1/f2/thumbnail", downloadUrl: "/api/photos/p1/f2?download=1" });
  });

  it("name downloads in plain ASCII words from the title, else by week", () => {
    expect(downloadFileName("Première échographie!", 12, "jpg")).toBe("premiere-echographie.jpg");
    expect(downloadFileName('"quoted"\r\nheader: injection', 3, "png")).toBe("quoted-header-injection.png");
    expect(downloadFileName("../../etc/passwd", 3, "png")).toBe("etc-passwd.png");
    expect(downloadFileName("👶🍼", 30, "webp")).toBe("photo-week-30.webp");
    expect(downloadFileName(null, 24, "heic")).toBe("photo-week-24.heic");
    expect(downloadFileName("a".repeat(100), 1, "jpg")).toBe(`${"a".repeat(60)}.jpg`);
  });
});

describe("photoWeekOn", () => {
  it("is the pregnancy's current week, counted from the LMP the due date implies", () => {
    expect(photoWeekOn("2026-12-01", "2026-12-01")).toBe(40);
    expect(photoWeekOn("2026-12-01", addDays("2026-12-01", -10))).toBe(38);
    expect(photoWeekOn("2026-12-01", addDays("2026-12-01", -280))).toBe(0);
  });

  it("stays within the album's weeks before the LMP and long after the due date", () => {
    expect(photoWeekOn("2026-12-01", addDays("2026-12-01", -400))).toBe(0);
    expect(photoWeekOn("2026-12-01", addDays("2026-12-01", 400))).toBe(PHOTO_LAST_WEEK);
  });
});
