import { createFileRoute } from "@tanstack/react-router";
import { HealthOverviewPage } from "../../../../features/health-trackers/HealthOverviewPage";
import { healthOverviewReads } from "../../../../features/health-trackers/healthReads";
import { screenLoader } from "../../../../features/pregnancy-context/screenLoader";

/** /health: the parents' health tools (the parent-only guard is the layout route). */
export const Route = createFileRoute("/_authenticated/_parent/health/")({
  loader: screenLoader(healthOverviewReads),
  component: HealthOverviewPage,
});
