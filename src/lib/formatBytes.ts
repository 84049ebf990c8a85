const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** A file size the way a download manager shows it: '820 KB', '12.4 MB', '2.1 GB'. */
export function formatBytes(bytes: number): string {
  if (bytes >= GB) return `${(bytes / GB).toFixed(1)} GB`;
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / KB))} KB`;
}
