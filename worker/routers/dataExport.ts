import { z } from "zod";
import { confirmedEmailProcedure, rateLimited, router } from "../trpc/init";
import { exportOptions, prepareExport } from "../services/dataExport";

export const dataExportRouter = router({
  /** The pregnancies the caller may download now, and what each download holds. */
  options: confirmedEmailProcedure.query(({ ctx }) => exportOptions(ctx.caller)),

  /** A link, good for an hour, to the zip of one pregnancy (or, with no pregnancy, the account alone). */
  prepare: confirmedEmailProcedure
    .use(rateLimited("dataExport"))
    .input(z.object({ pregnancyId: z.uuid().nullable() }))
    .mutation(({ ctx, input }) => prepareExport(ctx.caller, input)),
});
