import { describe, expect, it } from "vitest";
import { buildIcalendar, escapeIcalText, foldIcalLine, ICAL_EVENT_DURATION, ICAL_LINE_OCTETS, type IcalEvent, icalFileName } from "../../src/domain/ical";

const octets = (text: string) => new TextEncoder().encode(text).length;
/** RFC 5545 3.1: a CRLF followed by one space or tab continues the previous line. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");
const utf8 = new TextDecoder();

const event = (overrides: Partial<IcalEvent> = {}): IcalEvent => ({
  id: "0b7c2a54-5a43-4a7e-9d0f-5c1f7f0e2b11",
  title: "Anatomy scan",
  date: "2026-03-09",
  time: "14:30:00",
  location: null,
  notes: null,
  questions: null,
  category: "medical",
  updatedAt: new Date("2026-02-01T08:15:30.123Z"),
  ...overrides,
});
const STAMP = new Date("2026-02-02T10:00:00.999Z");

/** The content lines of one VEVENT, unfolded. */
const eventLines = (ics: string) => {
  const lines = unfold(ics).split("\r\n");
  return lines.slice(lines.indexOf("BEGIN:VEVENT"), lines.indexOf("END:VEVENT") + 1);
};

describe("escapeIcalText", () => {
  it("escapes backslash, semicolon, comma and every kind of newline", () => {
    expect(escapeIcalText("a\\b;c,d")).toBe("a\\\\b\\;c\\,d");
    expect(escapeIcalText("one\ntwo\r\nthree\rfour")).toBe("one\\ntwo\\nthree\\nfour");
  });

  it("escapes a backslash once, before the others add theirs", () => {
    expect(escapeIcalText("\\;")).toBe("\\\\\\;");
    expect(escapeIcalText("\\n")).toBe("\\\\n");
  });

  it("leaves colons, quotes and other text alone", () => {
    expect(escapeIcalText('Dr. Lee: room 4 "B" — 2:30 PM 🍼')).toBe('Dr. Lee: room 4 "B" — 2:30 PM 🍼');
  });
});

describe("foldIcalLine", () => {
  const checkFolded = (line: string) => {
    const folded = foldIcalLine(line);
    const physical = folded.split("\r\n");
    for (const part of physical) expect(octets(part)).toBeLessThanOrEqual(ICAL_LINE_OCTETS);
    for (const part of physical.slice(1)) expect(part.startsWith(" ")).toBe(true);
    // No lone CR or LF: only CRLF separates physical lines.
    expect(folded.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(unfold(folded)).toBe(line);
    return physical;
  };

  it("leaves a line of up to 75 octets as it is", () => {
    expect(foldIcalLine("")).toBe("");
    expect(foldIcalLine("x".repeat(ICAL_LINE_OCTETS))).toBe("x".repeat(ICAL_LINE_OCTETS));
  });

  it("folds ASCII at exactly 75 octets, continuations counting their leading space", () => {
    const physical = checkFolded("SUMMARY:" + "a".repeat(300));
    expect(physical[0]).toHaveLength(ICAL_LINE_OCTETS);
    expect(physical.slice(1, -1).every((part) => part.length === ICAL_LINE_OCTETS)).toBe(true);
    expect(foldIcalLine("x".repeat(ICAL_LINE_OCTETS + 1))).toBe(`${"x".repeat(ICAL_LINE_OCTETS)}\r\n x`);
  });

  it("never splits a multi-byte character, at any offset", () => {
    // Two-, three- and four-octet characters (é, €, 🍼 and a flag of two code points), shifted so every cut position comes up.
    for (let shift = 0; shift < 4; shift++) {
      for (const char of ["é", "€", "🍼", "🇳🇱"]) {
        const line = "DESCRIPTION:" + "x".repeat(shift) + char.repeat(60);
        // A split surrogate pair would come back from UTF-8 as U+FFFD, so an intact round trip shows nothing was split.
        for (const part of checkFolded(line)) expect(utf8.decode(new TextEncoder().encode(part))).toBe(part);
      }
    }
  });

  it("fills a line with multi-byte characters up to the limit, not short of it", () => {
    // 25 three-octet characters make exactly 75 octets; the 26th starts the next line.
    const physical = checkFolded("€".repeat(26));
    expect(physical).toEqual(["€".repeat(25), " €"]);
  });
});

const ZONE = "America/Los_Angeles";

describe("buildIcalendar", () => {
  it("writes a VCALENDAR with CRLF endings, every physical line within 75 octets, that unfolds to its content", () => {
    const long = "Ask about the 20-week scan; bring the notes, the 🍼 list and the café receipts. ".repeat(8);
    const ics = buildIcalendar("Olivia's Journey, 2026", [event({ notes: long, location: "St. Mary's, Ward 4; Room 2" })], ZONE, STAMP);
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of ics.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(ICAL_LINE_OCTETS);
    const lines = unfold(ics).split("\r\n");
    expect(lines.slice(0, 7)).toEqual(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//BabySteps//Pregnancy Calendar//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:Olivia's Journey\\, 2026", "X-WR-TIMEZONE:America/Los_Angeles"]);
    expect(lines.at(-2)).toBe("END:VCALENDAR");
    expect(lines).toContain(`DESCRIPTION:${escapeIcalText(long)}`);
    expect(lines).toContain("LOCATION:St. Mary's\\, Ward 4\\; Room 2");
  });

  it("writes a timed event as the moment it happens in the family's zone (UTC), with a duration", () => {
    const lines = eventLines(buildIcalendar("Cal", [event()], ZONE, STAMP));
    expect(lines).toEqual([
      "BEGIN:VEVENT",
      "UID:0b7c2a54-5a43-4a7e-9d0f-5c1f7f0e2b11@babysteps.app",
      "DTSTAMP:20260202T100000Z",
      "LAST-MODIFIED:20260201T081530Z",
      // 2:30 PM in Los Angeles on 9 March 2026 (PDT since the 8th) is 21:30 UTC.
      "DTSTART:20260309T213000Z",
      `DURATION:${ICAL_EVENT_DURATION}`,
      "SUMMARY:Anatomy scan",
      "CATEGORIES:Medical",
      "END:VEVENT",
    ]);
    expect(lines.some((line) => line.startsWith("DTEND"))).toBe(false);
  });

  it("writes an all-day event as a date with its end on the next day, also across month and year ends", () => {
    const allDay = (date: string) => eventLines(buildIcalendar("Cal", [event({ date, time: null, category: "celebration" })], ZONE, STAMP));
    const lines = allDay("2026-03-09");
    expect(lines).toContain("DTSTART;VALUE=DATE:20260309");
    expect(lines).toContain("DTEND;VALUE=DATE:20260310");
    expect(lines).toContain("CATEGORIES:Celebration");
    expect(lines.some((line) => line.startsWith("DURATION") || line.startsWith("DTSTART:"))).toBe(false);
    expect(allDay("2028-02-28")).toContain("DTEND;VALUE=DATE:20280229");
    expect(allDay("2026-12-31")).toContain("DTEND;VALUE=DATE:20270101");
  });

  it("escapes the title and puts the notes and the questions for the provider in the description", () => {
    const lines = eventLines(buildIcalendar("Cal", [event({ title: "Scan, blood test; \\ check", notes: "Fasting\nfrom 8", questions: "Twins?" })], ZONE, STAMP));
    expect(lines).toContain("SUMMARY:Scan\\, blood test\\; \\\\ check");
    expect(lines).toContain("DESCRIPTION:Fasting\\nfrom 8\\n\\nQuestions for the provider:\\nTwins?");
    const onlyQuestions = eventLines(buildIcalendar("Cal", [event({ questions: "Twins?" })], ZONE, STAMP));
    expect(onlyQuestions).toContain("DESCRIPTION:Questions for the provider:\\nTwins?");
    const bare = eventLines(buildIcalendar("Cal", [event()], ZONE, STAMP));
    expect(bare.some((line) => line.startsWith("DESCRIPTION") || line.startsWith("LOCATION"))).toBe(false);
  });

  it("puts the same wall-clock time at different moments for families in different zones, across a DST change", () => {
    const start = (timeZone: string, date: string) => eventLines(buildIcalendar("Cal", [event({ date, time: "21:00:00" })], timeZone, STAMP)).find((line) => line.startsWith("DTSTART"));
    expect(start("America/Los_Angeles", "2026-11-26")).toBe("DTSTART:20261127T050000Z");
    expect(start("America/Los_Angeles", "2026-07-01")).toBe("DTSTART:20260702T040000Z");
    expect(start("Pacific/Auckland", "2026-11-26")).toBe("DTSTART:20261126T080000Z");
    expect(start("UTC", "2026-11-26")).toBe("DTSTART:20261126T210000Z");
  });

  it("writes one VEVENT per event and none for an empty calendar", () => {
    const two = buildIcalendar("Cal", [event(), event({ id: "second" })], ZONE, STAMP);
    expect(two.match(/^BEGIN:VEVENT$/gm)).toHaveLength(2);
    expect(unfold(two)).toContain("UID:second@babysteps.app");
    expect(buildIcalendar("Cal", [], ZONE, STAMP)).not.toContain("VEVENT");
  });
});

describe("icalFileName", () => {
  it("makes a lower-case slug of the title with an .ics extension", () => {
    expect(icalFileName("Anatomy Scan: 20 weeks!")).toBe("anatomy-scan-20-weeks.ics");
    expect(icalFileName("  --Baby shower--  ")).toBe("baby-shower.ics");
    expect(icalFileName("../../etc/passwd")).toBe("etc-passwd.ics");
  });

  it("falls back to 'event' when nothing usable is left", () => {
    expect(icalFileName("")).toBe("event.ics");
    expect(icalFileName("🍼🍼")).toBe("event.ics");
    expect(icalFileName("***")).toBe("event.ics");
  });

  it("keeps the name short", () => {
    const name = icalFileName("appointment ".repeat(20));
    expect(name.length).toBeLessThanOrEqual(60 + ".ics".length);
    expect(name).toMatch(/^[a-z0-9-]+\.ics$/);
    expect(name).not.toMatch(/-\.ics$/);
  });

  it("drops accents instead of turning them into hyphens", () => {
    expect(icalFileName("Bébé's première échographie")).toBe("bebe-s-premiere-echographie.ics");
  });
});
