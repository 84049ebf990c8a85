import { isReadOnly, readOnlyUntil } from "../../domain/dates";
import { SERVICE_END_MESSAGES } from "../../domain/serviceEnd";
import { LOSS_TEXTS } from "../../domain/pregnancyLoss";
import { formatDateOnly } from "../../lib/format";
import { Alert } from "../../ui/Alert";
import { useFamilyTime } from "./useFamilyTime";
import { usePregnancyContext } from "./usePregnancyContext";

/**
 * Whether the pregnancy in use is past its service (core spec 4), on the family's date: the rule
 * the server refuses every change by (READ_ONLY), so a screen hides what would only fail.
 */
export function usePregnancyReadOnly(): boolean {
  const { pregnancy } = usePregnancyContext();
  const { today } = useFamilyTime();
  return pregnancy !== null && (pregnancy.readOnlyAfterLoss || isReadOnly(pregnancy.serviceEndDate, today));
}

/** The read-only view's one line saying why nothing can be added; nothing while the service lasts. */
export function ReadOnlyLine() {
  const { pregnancy } = usePregnancyContext();
  const readOnly = usePregnancyReadOnly();
  if (!readOnly || !pregnancy) return null;
  if (pregnancy.readOnlyAfterLoss) return <Alert variant="info">{LOSS_TEXTS.readOnlyLine}</Alert>;
  return <Alert variant="info">{SERVICE_END_MESSAGES.readOnlyLine(formatDateOnly(pregnancy.serviceEndDate), formatDateOnly(readOnlyUntil(pregnancy.serviceEndDate)))}</Alert>;
}
