import { describe, expect, it } from "vitest";
import { canUndoLoss, guestAccessAfterLoss, LOSS_TEXTS, LOSS_UNDO_DAYS, lossMessageDraft, lossUndoUntil } from "../../src/domain/pregnancyLoss";
import { MS_PER_DAY } from "../../src/domain/units";

describe("a recorded loss (issue 38)", () => {
  const recordedAt = new Date("2026-11-02T10:00:00Z");

  it("can be undone for 14 days and not a moment after", () => {
    expect(LOSS_UNDO_DAYS).toBe(14);
    expect(lossUndoUntil(recordedAt).toISOString()).toBe("2026-11-16T10:00:00.000Z");
    expect(canUndoLoss(recordedAt, new Date(recordedAt.getTime() + 14 * MS_PER_DAY - 1))).toBe(true);
    expect(canUndoLoss(recordedAt, new Date(recordedAt.getTime() + 14 * MS_PER_DAY))).toBe(false);
  });

  it("leaves guests what the parents chose: as before, to look at only, or nothing", () => {
    expect(guestAccessAfterLoss("shared")).toBe("as-before");
    expect(guestAccessAfterLoss(null)).toBe("as-before");
    expect(guestAccessAfterLoss("read-only")).toBe("read-only");
    expect(guestAccessAfterLoss("parents-only")).toBe("hidden");
  });

  it("offers a gentle draft that names a lost baby of several only by the name the parents gave", () => {
    expect(lossMessageDraft(null)).toContain("we lost our baby");
    expect(lossMessageDraft("Bean")).toContain("we lost Bean");
    expect(lossMessageDraft("Bean")).not.toMatch(/!|🎉|congrat/i);
  });

  it("says nothing celebratory on its path", () => {
    const texts = Object.values(LOSS_TEXTS).flatMap((text) => (typeof text === "function" ? [] : [text]));
    for (const text of texts) expect(text).not.toMatch(/!|\p{Extended_Pictographic}|congrat|yay|hooray/iu);
  });
});
