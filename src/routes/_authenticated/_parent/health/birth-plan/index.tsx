import { createFileRoute } from "@tanstack/react-router";
import { BirthPlanPage } from "../../../../../features/health-records/BirthPlanPage";

/** /health/birth-plan: the parents' guided birth plan (the _parent guard keeps guests out). */
export const Route = createFileRoute("/_authenticated/_parent/health/birth-plan/")({
  component: BirthPlanPage,
});
