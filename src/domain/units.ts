/** Units and conversions, so durations and sizes elsewhere carry their unit in their name. */
export const MS_PER_SECOND = 1000;

export const SECONDS_PER_MINUTE = 60;

export const MINUTES_PER_HOUR = 60;

const HOURS_PER_DAY = 24;

export const MS_PER_MINUTE = SECONDS_PER_MINUTE * MS_PER_SECOND;

export const MS_PER_HOUR = MINUTES_PER_HOUR * MS_PER_MINUTE;

export const MS_PER_DAY = HOURS_PER_DAY * MS_PER_HOUR;

export const SECONDS_PER_HOUR = MINUTES_PER_HOUR * SECONDS_PER_MINUTE;

export const SECONDS_PER_DAY = HOURS_PER_DAY * SECONDS_PER_HOUR;

export const DAYS_PER_WEEK = 7;

/** Mean Gregorian month (365.25 / 12 days), used only to turn day spans into month counts for copy. */
export const AVERAGE_DAYS_PER_MONTH = 365.25 / 12;

export const CENTS_PER_DOLLAR = 100;

/** Sizes are binary megabytes: "10 MB" is 10 x 1024 x 1024 bytes. */
export const BYTES_PER_MB = 1024 * 1024;

export const PERCENT = 100;

/** Retry delays double each time (error boundary 1 s, 2 s, 4 s; messages 300, 600, 1200 ms). */
export const BACKOFF_FACTOR = 2;

export const OUNCES_PER_POUND = 16;

