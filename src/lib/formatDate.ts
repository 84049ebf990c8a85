const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** 'YYYY-MM-DD' as 'June 1, 2026' (read as a calendar day, so no time zone can shift it). */
export function formatDateOnly(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : dateFormat.format(parsed);
}
