import { AsyncLocalStorage } from "node:async_hooks";

type Level = "info" | "warn" | "error";

/** The request being served, so every line logged while serving it carries its id. */
const requestScope = new AsyncLocalStorage<{ requestId: string }>();

export const withRequestId = <T>(requestId: string, run: () => T): T => requestScope.run({ requestId }, run);
export const currentRequestId = (): string | undefined => requestScope.getStore()?.requestId;

/**
 * One JSON line per event, with the request id when there is one. Callers pass ids, routes, counts
 * and error messages: never a token, a password, a code or a mail's body.
 */
export function logEvent(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, msg, requestId: currentRequestId(), ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.info(line);
}
