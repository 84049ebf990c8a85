import { createFileRoute } from "@tanstack/react-router";
import { HealthOverviewPage } from "../../../../features/health-trackers/HealthOverviewPage";

/** /health: the parents' health tools (the parent-only guard is the layout route). */
export const Route = createFileRoute("/_authenticated/_parent/health/")({
  component: HealthOverviewPage,
});
