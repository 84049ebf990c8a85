import { createFileRoute } from "@tanstack/react-router";
import { HealthLogPage } from "../../../../features/health-records/HealthLogPage";

/** /health/symptoms: the parents' quick log and timeline of symptoms (the _parent guard keeps guests out). */
export const Route = createFileRoute("/_authenticated/_parent/health/symptoms")({
  component: () => <HealthLogPage kind="symptom" />,
});
