import { TRPCClientError } from "@trpc/client";
import { dataIsolationTitle, isDataIsolationCode } from "../domain/errors";

interface ErrorData {
  appCode?: unknown;
  code?: unknown;
}

/**
 * What a failed call can tell the user: the server's own words for a refused request ('You can add
 * up to 4 babies.'), else the spec's title for a bare data-isolation code ('Access Denied'...), or
 * undefined when the message is not meant for people (input-validation dumps, crashes).
 */
export function serverErrorText(error: unknown): string | undefined {
  // No data: the request never got a tRPC answer (offline, proxy error); the caller's title says enough.
  if (!(error instanceof TRPCClientError) || !error.data) return undefined;
  const data = error.data as ErrorData;
  const message = error.message.trim();
  const readable = message !== "" && message !== data.appCode && !message.startsWith("[") && !message.startsWith("{") && data.code !== "INTERNAL_SERVER_ERROR";
  if (readable) return message;
  return isDataIsolationCode(data.appCode) ? dataIsolationTitle(data.appCode) : undefined;
}

/** The server answered the call with an error (as opposed to no answer at all: offline, a proxy error). */
export const serverAnswered = (error: unknown): boolean => error instanceof TRPCClientError && Boolean(error.data);

/** A call that got no answer from the server at all (no connection, a proxy's error page), not a bug of ours. */
export const serverNeverAnswered = (error: unknown): boolean => error instanceof TRPCClientError && !error.data;

/**
 * A failure's description: the server's own words, else `crashed` when it answered without words
 * for people (a failure on its side), else `unanswered` (no answer came; trying again may help).
 */
export function failureDescription(error: unknown, texts: { crashed: string; unanswered: string }): string {
  return serverErrorText(error) ?? (serverAnswered(error) ? texts.crashed : texts.unanswered);
}
