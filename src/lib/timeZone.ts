import { isTimeZone } from "../domain/timeZones";

/** The browser's IANA time zone, or null when it gives none (or one the app does not know). */
export function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/**
 * Every zone the browser knows, for choosing one, with the current choice and UTC (a stored zone may
 * be an older name the list leaves out, and some browsers leave UTC out).
 */
export function knownTimeZones(current: string): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return [...new Set([current, "UTC", ...zones])].sort();
}
