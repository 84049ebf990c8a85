import { isDevEnvironment } from "../config";
import type { Bindings } from "../env";

/**
 * Browser tests of "today" (issue 23: an event tonight stays on the dashboard until midnight in the
 * family's zone) set the moment a request runs at with this header, as they set the page's clock.
 * Only development and test read it; elsewhere a request runs at the real time.
 */
export const DEV_NOW_HEADER = "x-dev-now";

export function requestNow(env: Pick<Bindings, "APP_ENV">, header: string | undefined): Date {
  if (!header || !isDevEnvironment(env)) return new Date();
  const at = new Date(header);
  return Number.isNaN(at.getTime()) ? new Date() : at;
}
