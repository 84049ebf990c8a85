import { describe, expect, it } from "vitest";
import { birthPlanPage, closedExportUntil, EXPORT_AFTER_CLOSURE_DAYS, exportFileName, exportKindFor, exportReadme, photoFileName, slugify, splitIntoParts } from "../../src/domain/dataExport";
import { MS_PER_DAY } from "../../src/domain/units";

const now = new Date("2026-11-26T12:00:00Z");
const open = { participantStatus: "active", pregnancyStatus: "active", closedAt: null, withinLifetime: true } as const;

describe("who downloads what", () => {
  it("parents take the whole pregnancy, guests their own part", () => {
    expect(exportKindFor({ ...open, role: "owner" }, now)).toBe("family");
    expect(exportKindFor({ ...open, role: "partner" }, now)).toBe("family");
    expect(exportKindFor({ ...open, role: "guest" }, now)).toBe("own");
  });

  it("a removed or pending participant, and a pregnancy past its read-only years, give nothing", () => {
    expect(exportKindFor({ ...open, role: "guest", participantStatus: "removed" }, now)).toBeNull();
    expect(exportKindFor({ ...open, role: "partner", participantStatus: "pending" }, now)).toBeNull();
    expect(exportKindFor({ ...open, role: "owner", withinLifetime: false }, now)).toBeNull();
  });

  it("a closed pregnancy: its owner only, up to the stated days after closing and not a moment later", () => {
    const closedAt = new Date(now.getTime() - EXPORT_AFTER_CLOSURE_DAYS * MS_PER_DAY);
    const closed = { ...open, pregnancyStatus: "closed", closedAt };
    expect(closedExportUntil(closedAt)).toEqual(now);
    expect(exportKindFor({ ...closed, role: "owner" }, now)).toBe("family");
    expect(exportKindFor({ ...closed, role: "owner" }, new Date(now.getTime() + 1))).toBeNull();
    expect(exportKindFor({ ...closed, role: "partner" }, now)).toBeNull();
    expect(exportKindFor({ ...closed, role: "guest" }, now)).toBeNull();
  });
});

describe("file names", () => {
  it("are plain, dated and unique", () => {
    expect(slugify("Première écho: 12 weeks!", "photo")).toBe("premiere-echo-12-weeks");
    expect(slugify("  ", "photo")).toBe("photo");
    expect(slugify("../../etc/passwd", "photo")).toBe("etc-passwd");
    expect(photoFileName({ id: "1a2b3c4d-0000-4000-8000-000000000000", title: "First scan", uploadDate: new Date("2026-05-01T09:00:00Z"), mimeType: "image/jpeg" })).toBe("2026-05-01-first-scan-1a2b3c4d.jpg");
    expect(photoFileName({ id: "ffffffff-0000-4000-8000-000000000000", title: null, uploadDate: new Date("2026-05-01T09:00:00Z"), mimeType: "image/heic" })).toBe("2026-05-01-photo-ffffffff.heic");
    expect(exportFileName("own", "Baby Parker", now)).toBe("babysteps-baby-parker-my-part-2026-11-26.zip");
    expect(exportFileName("account", null, now)).toBe("babysteps-account-2026-11-26.zip");
  });
});

describe("the birth plan page and the README", () => {
  it("escapes every answer", () => {
    const page = birthPlanPage({ title: "<b>Us</b>", parents: "Ann & Bo", dueDate: "2027-01-01", sections: [{ title: "Labour", questions: [{ label: "Music", answer: "<script>alert(1)</script>" }] }] });
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).toContain("Ann &amp; Bo");
    expect(page).not.toContain("<script>");
  });

  it("describes only the files the zip holds", () => {
    const readme = exportReadme({ kind: "own", title: "Baby Parker", madeAt: now, files: ["account.json", "photos/photos.json", "photos/2026-05-01-a-1a2b3c4d.jpg"] });
    expect(readme).toContain("photos/photos.json");
    expect(readme).toContain("photos/\n");
    expect(readme).not.toContain("health/");
    expect(readme).toContain("What you added to this pregnancy");
  });
});

describe("parts", () => {
  const record = (name: string, size: number) => ({ name, size, stored: false });
  const photo = (name: string, size: number) => ({ name, size, stored: true });
  const names = (parts: Array<Array<{ name: string }>>) => parts.map((part) => part.map((file) => file.name));

  it("one part while everything fits, records first", () => {
    expect(names(splitIntoParts([photo("a", 40), record("r1", 5), photo("b", 40), record("r2", 5)], 100))).toEqual([["r1", "r2", "a", "b"]]);
  });

  it("a new part when the next file would not fit, in the files' order; a file bigger than a part alone gets its own", () => {
    expect(names(splitIntoParts([record("r", 10), photo("a", 50), photo("b", 50), photo("c", 30), photo("huge", 250), photo("d", 10)], 100))).toEqual([["r", "a"], ["b", "c"], ["huge"], ["d"]]);
  });

  it("parts are named and explained", () => {
    expect(exportFileName("family", "Baby Parker", now, { number: 2, of: 3 })).toBe("babysteps-baby-parker-2026-11-26-part-2-of-3.zip");
    expect(exportReadme({ kind: "family", title: "Baby Parker", madeAt: now, files: ["photos/x.jpg"], part: { number: 2, of: 3 } })).toContain("Part 2 of 3");
    expect(exportReadme({ kind: "family", title: "Baby Parker", madeAt: now, files: ["photos/x.jpg"], part: { number: 1, of: 1 } })).not.toContain("Part 1");
  });
});
