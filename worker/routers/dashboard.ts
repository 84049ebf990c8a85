import { participantProcedure, router } from "../trpc/init";
import { dashboardSummary } from "../services/dashboard";

export const dashboardRouter = router({
  summary: participantProcedure.query(({ ctx }) => dashboardSummary(ctx.caller)),
});
