import { createFileRoute } from "@tanstack/react-router";
import { ContractionTimerPage } from "../../../../features/health-trackers/ContractionTimerPage";

/** /health/contractions: the contraction timer, which keeps timing offline. */
export const Route = createFileRoute("/_authenticated/_parent/health/contractions")({
  component: ContractionTimerPage,
});
