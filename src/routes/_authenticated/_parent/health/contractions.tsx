import { createFileRoute } from "@tanstack/react-router";
import { contractionsReads } from "../../../../features/health-trackers/healthReads";
import { ContractionTimerPage } from "../../../../features/health-trackers/ContractionTimerPage";
import { screenLoader } from "../../../../features/pregnancy-context/screenLoader";

/** /health/contractions: the contraction timer, which keeps timing offline. */
export const Route = createFileRoute("/_authenticated/_parent/health/contractions")({
  loader: screenLoader(contractionsReads),
  component: ContractionTimerPage,
});
