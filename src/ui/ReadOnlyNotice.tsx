import { isReadOnly, readOnlyUntil, todayIso } from "../domain/dates";
import { Alert } from "./Alert";
import { formatDateOnly } from "../lib/format";
import { SUBSCRIPTION_MESSAGES } from "../domain/subscription";

/**
 * Account lifetime (core spec 4): after the service end a pregnancy is read-only, and the server
 * refuses every change. Shown where people would otherwise try to change things; nothing otherwise.
 */
export function ReadOnlyNotice({ serviceEndDate }: { serviceEndDate: string }) {
  if (!isReadOnly(serviceEndDate, todayIso())) return null;
  return (
    <Alert variant="warning" title={SUBSCRIPTION_MESSAGES.readOnlyTitle}>
      Service ended on {formatDateOnly(serviceEndDate)}. Everything stays viewable until {formatDateOnly(readOnlyUntil(serviceEndDate))}, but nothing can be changed any more.
    </Alert>
  );
}
