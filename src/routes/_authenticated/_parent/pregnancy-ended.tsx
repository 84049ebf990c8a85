import { createFileRoute } from "@tanstack/react-router";
import { PregnancyLossPage } from "../../../features/pregnancy-loss/PregnancyLossPage";
import { lossReads } from "../../../features/pregnancy-loss/lossReads";
import { screenLoader } from "../../../features/pregnancy-context/screenLoader";

/** /pregnancy-ended: recording a loss and what follows, for parents (the parent-only guard is the layout route). */
export const Route = createFileRoute("/_authenticated/_parent/pregnancy-ended")({
  loader: screenLoader(lossReads),
  component: PregnancyLossPage,
});
