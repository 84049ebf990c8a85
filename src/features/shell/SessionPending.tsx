import { ROUTE_TEXTS } from "../../domain/errors";
import { PageSpinner } from "../../ui/Spinner";

/** Shown while a guard waits for the session (spec: 'Loading...'). */
export function SessionPending() {
  return <PageSpinner label={ROUTE_TEXTS.loading} />;
}
