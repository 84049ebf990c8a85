import { createFileRoute } from "@tanstack/react-router";
import { HospitalBagPrintPage } from "../../../../../features/health-records/HospitalBagPrintPage";

/** /health/hospital-bag/print: the three checklists as a printable page. */
export const Route = createFileRoute("/_authenticated/_parent/health/hospital-bag/print")({
  component: HospitalBagPrintPage,
});
