import { createFileRoute } from "@tanstack/react-router";
import { HospitalBagPage } from "../../../../../features/health-records/HospitalBagPage";

/** /health/hospital-bag: the parents' three packing checklists (the _parent guard keeps guests out). */
export const Route = createFileRoute("/_authenticated/_parent/health/hospital-bag/")({
  component: HospitalBagPage,
});
