import { participantProcedure, router } from "../trpc/init";
import { dashboardSummary } from "./dashboard.service";

export const dashboardRouter = router({
  summary: participantProcedure.query(({ ctx }) => dashboardSummary(ctx.db, ctx.pregnancy, ctx.user.id)),
});
