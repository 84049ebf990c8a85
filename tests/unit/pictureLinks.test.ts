import { describe, expect, it } from "vitest";
import { PICTURE_LINK_MAX_LIFE_SECONDS, PICTURE_LINK_WINDOW_SECONDS, pictureCacheSeconds, pictureLinkExpiry } from "../../src/domain/pictureLinks";

describe("a picture link's expiry", () => {
  const windowStart = Date.parse("2026-11-29T10:00:00Z");
  const at = (offsetSeconds: number) => new Date(windowStart + offsetSeconds * 1000);

  it("is the same for every link handed out within one window, so the browser's cache answers", () => {
    const first = pictureLinkExpiry(at(0));
    expect(pictureLinkExpiry(at(1))).toBe(first);
    expect(pictureLinkExpiry(at(PICTURE_LINK_WINDOW_SECONDS - 1))).toBe(first);
    expect(pictureLinkExpiry(at(PICTURE_LINK_WINDOW_SECONDS))).toBe(first + PICTURE_LINK_WINDOW_SECONDS);
  });

  it("leaves a link between one window and the stated most (an hour) to live", () => {
    for (const offset of [0, 1, 600, PICTURE_LINK_WINDOW_SECONDS - 1]) {
      const life = pictureLinkExpiry(at(offset)) - (windowStart / 1000 + offset);
      expect(life).toBeGreaterThan(PICTURE_LINK_WINDOW_SECONDS);
      expect(life).toBeLessThanOrEqual(PICTURE_LINK_MAX_LIFE_SECONDS);
    }
    expect(PICTURE_LINK_MAX_LIFE_SECONDS).toBe(3600);
  });

  it("is how long the browser keeps the picture, never less than nothing", () => {
    const expiresAt = pictureLinkExpiry(at(0));
    expect(pictureCacheSeconds(expiresAt, at(0))).toBe(PICTURE_LINK_MAX_LIFE_SECONDS);
    expect(pictureCacheSeconds(expiresAt, at(PICTURE_LINK_MAX_LIFE_SECONDS + 5))).toBe(0);
  });
});
