import { createFileRoute } from "@tanstack/react-router";
import { KickCounterPage } from "../../../../features/health-trackers/KickCounterPage";

/** /health/kicks: the kick counter, which keeps counting offline. */
export const Route = createFileRoute("/_authenticated/_parent/health/kicks")({
  component: KickCounterPage,
});
