import { createFileRoute } from "@tanstack/react-router";
import { kicksReads } from "../../../../features/health-trackers/healthReads";
import { KickCounterPage } from "../../../../features/health-trackers/KickCounterPage";
import { screenLoader } from "../../../../features/pregnancy-context/screenLoader";

/** /health/kicks: the kick counter, which keeps counting offline. */
export const Route = createFileRoute("/_authenticated/_parent/health/kicks")({
  loader: screenLoader(kicksReads),
  component: KickCounterPage,
});
