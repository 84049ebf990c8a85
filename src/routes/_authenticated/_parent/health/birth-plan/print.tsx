import { createFileRoute } from "@tanstack/react-router";
import { BirthPlanPrintPage } from "../../../../../features/health-records/BirthPlanPrintPage";

/** /health/birth-plan/print: the birth plan as a clean printable page, with the symptoms summary for the provider. */
export const Route = createFileRoute("/_authenticated/_parent/health/birth-plan/print")({
  component: BirthPlanPrintPage,
});
