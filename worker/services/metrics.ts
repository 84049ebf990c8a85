import { and, eq, inArray } from "drizzle-orm";
import { performanceMetrics, pregnancyParticipants } from "../db/schema";
import type { UserCaller } from "./caller";

export interface MetricInput {
  metricType: string;
  name: string;
  value: number;
  unit: string;
  pregnancyId?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
}

/**
 * Stores a batch of client metrics in one insert. A pregnancy id the caller does not take part in
 * is dropped rather than stored: metrics must never link a user to someone else's pregnancy.
 */
export async function recordMetrics(caller: UserCaller, metrics: MetricInput[]) {
  if (metrics.length === 0) return { recorded: 0 };
  const { db } = caller;
  const userId = caller.user.id;
  const named = [...new Set(metrics.flatMap((m) => (m.pregnancyId ? [m.pregnancyId] : [])))];
  const mine =
    named.length === 0
      ? new Set<string>()
      : new Set(
          (
            await db
              .select({ pregnancyId: pregnancyParticipants.pregnancyId })
              .from(pregnancyParticipants)
              .where(and(eq(pregnancyParticipants.userId, userId), inArray(pregnancyParticipants.pregnancyId, named)))
          ).map((r) => r.pregnancyId),
        );
  await db.insert(performanceMetrics).values(
    metrics.map((m) => ({
      metricType: m.metricType,
      name: m.name,
      value: m.value,
      unit: m.unit,
      userId,
      pregnancyId: m.pregnancyId && mine.has(m.pregnancyId) ? m.pregnancyId : null,
      metadata: m.metadata ?? null,
    })),
  );
  return { recorded: metrics.length };
}
