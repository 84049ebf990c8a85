/**
 * One rule for every CSV the app writes, the health downloads and the data export alike: RFC 4180
 * (quoted where needed, CRLF line ends), cells a spreadsheet would run as a formula written as text,
 * and, as a file, UTF-8 opened by a byte-order mark, without which Excel reads "Zoë" as "ZoÃ«".
 */

export type CsvValue = string | number | boolean | Date | null | undefined;

/** Opens every CSV file: Excel takes the file as UTF-8 only with it. */
export const CSV_BOM = "\uFEFF";
export const CSV_CONTENT_TYPE = "text/csv;charset=utf-8";

/** Cells a spreadsheet would run as a formula start with one of these (OWASP CSV injection); such text gets a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const text = value instanceof Date ? value.toISOString() : value;
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The CSV text of rows given cell by cell (the first is the header row). */
export function csvRows(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** The CSV text of records, one column per [header, value of a record]. */
export function csvTable<Row>(columns: ReadonlyArray<readonly [header: string, value: (row: Row) => CsvValue]>, rows: readonly Row[]): string {
  return csvRows([columns.map(([header]) => header), ...rows.map((row) => columns.map(([, value]) => value(row)))]);
}

/** A CSV text as the file that leaves the app (a download, an export entry). */
export const csvFile = (csv: string): string => `${CSV_BOM}${csv}`;
