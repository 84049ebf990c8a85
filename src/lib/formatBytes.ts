import { formatNumber } from "./format";

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;
const ONE_DECIMAL: Intl.NumberFormatOptions = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

/** A file size the way a download manager shows it, in the reader's locale: '820 KB', '12.4 MB' (or '12,4 MB'), '2.1 GB'. */
export function formatBytes(bytes: number): string {
  if (bytes >= GB) return `${formatNumber(bytes / GB, ONE_DECIMAL)} GB`;
  if (bytes >= MB) return `${formatNumber(bytes / MB, ONE_DECIMAL)} MB`;
  return `${formatNumber(Math.max(1, Math.round(bytes / KB)))} KB`;
}
