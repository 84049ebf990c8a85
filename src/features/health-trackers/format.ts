/** How the trackers write days and times: in the person's own time zone and locale. */
import { localDay } from "../../domain/healthTrackers";
import { dateFormat, formatDateOnly } from "../../lib/format";

const timeFormat = dateFormat({ hour: "numeric", minute: "2-digit" });
const csvTimeFormat = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });

/** 'YYYY-MM-DD' as 'Mon, May 4' (a calendar day, so no time zone shifts it). */
export const dayLabel = (day: string) => formatDateOnly(day, { weekday: "short", month: "short", day: "numeric" });
/** 'YYYY-MM-DD' as '5/4', short enough for a chart's axis. */
export const chartDayLabel = (day: string) => formatDateOnly(day, { month: "numeric", day: "numeric" });
/** '9:05 AM'. */
export const timeLabel = (ms: number) => timeFormat.format(ms);
/** 'Mon, May 4, 9:05 AM'. */
export const dateTimeLabel = (ms: number) => `${dayLabel(localDay(ms))}, ${timeLabel(ms)}`;
/** '09:05:30', for spreadsheets. */
export const csvTime = (ms: number) => csvTimeFormat.format(ms);
