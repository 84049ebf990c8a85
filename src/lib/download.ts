import { CSV_CONTENT_TYPE, csvFile } from "../domain/csv";

/** Saves text made in the browser as a file (an .ics event, a CSV export) through a temporary link. */
export function downloadTextFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** Saves a CSV text as a file the way every CSV leaves the app (src/domain/csv.ts: UTF-8 with its mark). */
export const downloadCsv = (fileName: string, csv: string): void => downloadTextFile(fileName, csvFile(csv), CSV_CONTENT_TYPE);
