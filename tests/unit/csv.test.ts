import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvFile, csvRows, csvTable } from "../../src/domain/csv";

describe("CSV, one rule for every file", () => {
  it("quotes cells with commas, quotes or line breaks, and defuses spreadsheet formulas", () => {
    expect(csvCell("Nausea")).toBe("Nausea");
    expect(csvCell('Said "ouch", twice')).toBe('"Said ""ouch"", twice"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe("\"'=HYPERLINK(\"\"http://x\"\")\"");
    for (const [typed, written] of [["+1 555", "'+1 555"], ["-", "'-"], ["@me", "'@me"], ["\tx", "'\tx"]]) expect(csvCell(typed)).toBe(written);
    expect(csvCell(3)).toBe("3");
    expect(csvCell(false)).toBe("false");
    expect(csvCell(new Date("2026-05-04T10:00:00Z"))).toBe("2026-05-04T10:00:00.000Z");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("writes rows cell by cell with CRLF line ends, empty cells for null", () => {
    expect(csvRows([["Date", "Baby", "Movements"], ["2026-05-04", 'Bean "B", first', 10], ["2026-05-05", null, 0]])).toBe('Date,Baby,Movements\r\n2026-05-04,"Bean ""B"", first",10\r\n2026-05-05,,0\r\n');
  });

  it("writes records by column, the header first", () => {
    const csv = csvTable<{ name: string; n: number | null }>(
      [
        ["name", (row) => row.name],
        ["n", (row) => row.n],
      ],
      [
        { name: 'Said "hi", then left', n: 1 },
        { name: '=HYPERLINK("http://x")', n: null },
        { name: "two\nlines", n: 0 },
      ],
    );
    expect(csv).toBe('name,n\r\n"Said ""hi"", then left",1\r\n"\'=HYPERLINK(""http://x"")",\r\n"two\nlines",0\r\n');
  });

  it("opens every file with the UTF-8 byte-order mark, so a spreadsheet reads accented names right", () => {
    const file = csvFile(csvRows([["name"], ["Zoë Müller"]]));
    expect(file.startsWith(CSV_BOM)).toBe(true);
    expect([...new TextEncoder().encode(file).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.slice(CSV_BOM.length)).toBe("name\r\nZoë Müller\r\n");
  });
});
