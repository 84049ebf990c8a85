import { createFileRoute } from "@tanstack/react-router";
import { HealthLogPage } from "../../../../features/health-records/HealthLogPage";

/** /health/cravings: the parents' quick log and timeline of cravings (the _parent guard keeps guests out). */
export const Route = createFileRoute("/_authenticated/_parent/health/cravings")({
  component: () => <HealthLogPage kind="craving" />,
});
