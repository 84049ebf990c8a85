/**
 * The client's structured logger (core spec 8): levels error, warn, info and debug. Production
 * builds write one JSON line per entry (easy to collect and search); development builds write a
 * readable line with the context object beside it. Logging never throws.
 */

export const LOG_LEVELS = ["error", "warn", "info", "debug"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogContext = Record<string, unknown>;

export interface LogEntry extends LogContext {
  level: LogLevel;
  message: string;
  time: string;
}

const production = import.meta.env.PROD;
/** Debug entries are for development only. */
const minimumLevel: LogLevel = production ? "info" : "debug";

/** The logger is the one place that writes to the console. */
const CONSOLE_WRITERS: Record<LogLevel, (...args: unknown[]) => void> = {
  error: (...args) => console.error(...args),
  warn: (...args) => console.warn(...args),
  info: (...args) => console.info(...args),
  debug: (...args) => console.debug(...args),
};

const shouldLog = (level: LogLevel) => LOG_LEVELS.indexOf(level) <= LOG_LEVELS.indexOf(minimumLevel);

/** Errors become plain objects (JSON.stringify drops an Error's own fields). */
function serializable(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

function write(level: LogLevel, message: string, context: LogContext = {}): void {
  if (!shouldLog(level)) return;
  try {
    const fields = Object.fromEntries(Object.entries(context).map(([key, value]) => [key, serializable(value)]));
    const entry: LogEntry = { ...fields, level, message, time: new Date().toISOString() };
    const line = production ? JSON.stringify(entry) : `[${level}] ${message}`;
    const args: unknown[] = production || Object.keys(fields).length === 0 ? [line] : [line, fields];
    CONSOLE_WRITERS[level](...args);
  } catch {
    // A log line that cannot be written (circular context, no console) is dropped.
  }
}

export const logger = {
  error: (message: string, context?: LogContext) => write("error", message, context),
  warn: (message: string, context?: LogContext) => write("warn", message, context),
  info: (message: string, context?: LogContext) => write("info", message, context),
  debug: (message: string, context?: LogContext) => write("debug", message, context),
};
