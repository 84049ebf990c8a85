import { describe, expect, it } from "vitest";
import { cutText, ELLIPSIS, sanitizeComment, sanitizeLocation, sanitizeNotes, sanitizePlainText, sanitizeQuestions, sanitizeTitle, truncateText } from "../../src/domain/sanitize";
import { ORDINARY_SENTENCES, XSS_PAYLOADS } from "../support/xss-payloads";
import { COMMENT_MAX_LENGTH, LOCATION_MAX_LENGTH, NOTES_MAX_LENGTH, QUESTIONS_MAX_LENGTH, TITLE_MAX_LENGTH } from "../../src/domain/textLimits";

describe("truncation", () => {
  it("cuts over-length text to exactly the maximum, '...' included", () => {
    expect(truncateText("abcdefghij", 10)).toBe("abcdefghij");
    expect(truncateText("abcdefghijk", 10)).toBe("abcdefg...");
    expect(truncateText("abcdefghijk", 10)).toHaveLength(10);
  });

  it("does not leave a space before '...'", () => {
    expect(truncateText("abcdef   ghijk", 10)).toBe("abcdef...");
  });

  it("never splits a surrogate pair", () => {
    const baby = "\u{1F476}";
    expect(cutText(`abc${baby}`, 4)).toBe("abc");
    expect(cutText(`abc${baby}`, 5)).toBe(`abc${baby}`);
    const cut = truncateText(`abcdef${baby}xyz`, 10);
    expect(cut).toBe("abcdef...");
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe("plain text is stored as typed", () => {
  it("keeps the sentences an HTML filter used to cut", () => {
    for (const sentence of ORDINARY_SENTENCES) expect(sanitizeComment(sentence)).toBe(sentence);
    expect(sanitizeTitle("I <3 you, 2 < 3 > 1 & Mom's <b>best</b>")).toBe("I <3 you, 2 < 3 > 1 & Mom's <b>best</b>");
    expect(sanitizeNotes("Data: 5 kicks\nQuestions: none\tok")).toBe("Data: 5 kicks\nQuestions: none\tok");
  });

  it("never parses markup or decodes entities: what looks like HTML is text, escaped at each output", () => {
    for (const payload of XSS_PAYLOADS) expect(sanitizeNotes(payload), payload).toBe(payload);
    expect(sanitizeTitle("Tom &amp; Jerry &hellip;")).toBe("Tom &amp; Jerry &hellip;");
  });

  it("trims the ends and drops control characters but keeps line breaks and tabs", () => {
    expect(sanitizeTitle("  Ultrasound  ")).toBe("Ultrasound");
    expect(sanitizeNotes("a\u0000b\u0007c\u009fd\n\te")).toBe("abcd\n\te");
  });

  it("cuts each field at its maximum with '...'", () => {
    const cases: [(input: string) => string, number][] = [
      [sanitizeTitle, TITLE_MAX_LENGTH],
      [sanitizeLocation, LOCATION_MAX_LENGTH],
      [sanitizeNotes, NOTES_MAX_LENGTH],
      [sanitizeQuestions, QUESTIONS_MAX_LENGTH],
      [sanitizeComment, COMMENT_MAX_LENGTH],
    ];
    expect(cases.map(([, max]) => max)).toEqual([200, 300, 2000, 1000, 1000]);
    for (const [sanitize, max] of cases) {
      expect(sanitize("x".repeat(max))).toBe("x".repeat(max));
      const cut = sanitize("x".repeat(max + 1));
      expect(cut).toHaveLength(max);
      expect(cut.endsWith(ELLIPSIS)).toBe(true);
    }
  });

  it("is idempotent", () => {
    for (const input of [...XSS_PAYLOADS, " padded\u0001 ", "z".repeat(250)]) {
      const once = sanitizePlainText(input, TITLE_MAX_LENGTH);
      expect(sanitizePlainText(once, TITLE_MAX_LENGTH)).toBe(once);
    }
  });
});
