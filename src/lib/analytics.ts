/**
 * The one way pages record conversion events (onboarding spec 7): `track(name, properties)` posts
 * to our own /api/analytics, which checks the event with the same schema and stores it. It imports
 * types only, so public pages carry neither zod nor the tRPC client for it. The request uses fetch
 * with keepalive so an event sent as the page navigates away (a CTA click) still arrives; a
 * Blob-typed sendBeacon is not used because browsers disagree on sending a JSON content type with
 * it. Tracking never throws and never delays the page.
 */
import type { ConversionEvent, ConversionProperties } from "../domain/analytics";

export const ANALYTICS_ENDPOINT = "/api/analytics";

/** A confirmed email (spec 4): 'email verified', and with it 'signup complete'. */
export function trackEmailVerified(): void {
  const page = window.location.pathname;
  track("email_verified", { page });
  track("signup_complete", { page });
}

export function track<Name extends ConversionEvent>(name: Name, properties: ConversionProperties<Name>): void {
  fetch(ANALYTICS_ENDPOINT, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, properties }),
    credentials: "same-origin",
    keepalive: true,
  }).catch(() => {
    // A lost event is not worth an error on the page that sent it.
  });
}
