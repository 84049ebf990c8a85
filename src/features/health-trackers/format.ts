/** How the trackers write days and times: in the person's own time zone, US English like the rest of the app. */
import { localDay } from "../../domain/healthTrackers";

const dayFormat = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });
const chartDayFormat = new Intl.DateTimeFormat("en-US", { month: "numeric", day: "numeric", timeZone: "UTC" });
const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });
const csvTimeFormat = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });

/** 'YYYY-MM-DD' as 'Mon, May 4' (a calendar day, so no time zone shifts it). */
export const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
/** 'YYYY-MM-DD' as '5/4', short enough for a chart's axis. */
export const chartDayLabel = (day: string) => chartDayFormat.format(new Date(`${day}T00:00:00Z`));
/** '9:05 AM'. */
export const timeLabel = (ms: number) => timeFormat.format(ms);
/** 'Mon, May 4, 9:05 AM'. */
export const dateTimeLabel = (ms: number) => `${dayLabel(localDay(ms))}, ${timeLabel(ms)}`;
/** '09:05:30', for spreadsheets. */
export const csvTime = (ms: number) => csvTimeFormat.format(ms);
