import { z } from "zod";
import { router, signedInProcedure } from "../trpc/init";
import { recordMetrics } from "../services/metrics";
import { METRICS_BATCH_MAX } from "../../src/domain/metrics";
import { NAME_MAX_LENGTH } from "../../src/domain/textLimits";

const label = z.string().trim().min(1).max(NAME_MAX_LENGTH);

export const metricsRouter = router({
  /** record_performance_metric, batched: the client flushes every 30 s in one call. */
  record: signedInProcedure
    .input(
      z.object({
        metrics: z
          .array(
            z.object({
              metricType: label,
              name: label,
              value: z.number().finite(),
              unit: label,
              pregnancyId: z.uuid().optional(),
              metadata: z.record(z.string(), z.unknown()).optional(),
            }),
          )
          .max(METRICS_BATCH_MAX),
      }),
    )
    .mutation(({ ctx, input }) => recordMetrics(ctx.caller, input.metrics)),
});
