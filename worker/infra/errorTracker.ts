import * as Sentry from "@sentry/cloudflare";
import type { DurableObject } from "cloudflare:workers";
import type { ClientErrorReport } from "../../src/domain/clientErrors";
import type { Bindings } from "../env";
import { carriesToken } from "../../src/domain/secretUrls";

/**
 * The error tracker (Sentry), on only when SENTRY_DSN is set: without it the SDK sends nothing.
 * No tracing, and no personal data (withoutPersonalData).
 */
const trackerOptions = (env: Bindings) => ({
  dsn: env.SENTRY_DSN,
  environment: env.APP_ENV ?? "production",
  tracesSampleRate: 0,
  beforeSend: withoutPersonalData,
});

/**
 * What leaves for the tracker: the error, the method and the path (withheld when it carries a
 * token). Never the request's body, cookies, headers, query or the caller's address, which the SDK
 * would otherwise attach.
 */
function withoutPersonalData<E extends Sentry.ErrorEvent>(event: E): E {
  const url = event.request?.url ? new URL(event.request.url) : undefined;
  const request = event.request ? { method: event.request.method, url: url ? `${url.origin}${carriesToken(url) ? "/[withheld]" : url.pathname}` : undefined } : undefined;
  return { ...event, request, user: undefined };
}

/** The Worker's handlers, with their uncaught errors reported. */
export const withErrorTracking = (handler: ExportedHandler<Bindings>): ExportedHandler<Bindings> => Sentry.withSentry(trackerOptions, handler);

/** A Durable Object class, with the uncaught errors of its requests, sockets and alarms reported. */
export function trackDurableObject<T extends DurableObject<Bindings>>(DurableObjectClass: new (state: DurableObjectState, env: Bindings) => T): new (state: DurableObjectState, env: Bindings) => T {
  return Sentry.instrumentDurableObjectWithSentry(trackerOptions, DurableObjectClass);
}

/** An error the app caught at its edge (Hono's or tRPC's last handler) and answered generically. */
export const trackError = (error: unknown, requestId: string | undefined): void => {
  Sentry.captureException(error, { tags: { requestId } });
};

/** A browser's error report (POST /api/client-errors), as an event of its own. */
export const trackClientError = (report: ClientErrorReport): void => {
  Sentry.captureEvent({
    message: report.message,
    level: "error",
    platform: "javascript",
    tags: { side: "browser", category: report.category, source: report.source, reportId: report.id },
    extra: { path: report.path, retryCount: report.retryCount, userAgent: report.userAgent },
  });
};
