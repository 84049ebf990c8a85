import { TRPCError } from "@trpc/server";
import type { DataIsolationCode } from "../../src/domain/errors";
import { logEvent } from "../infra/log";

/**
 * A refusal that carries one of the spec's machine codes; the client maps it to the spec's text.
 * It extends tRPC's error so a procedure passes it on as it is.
 */
export class AppError extends TRPCError {
  readonly appCode: string;
  constructor(trpcCode: TRPCError["code"], appCode: string, message?: string) {
    super({ code: trpcCode, message: message ?? appCode });
    this.appCode = appCode;
  }
}

/** The caller has no session, or theirs ended. */
export const notSignedIn = () => new AppError("UNAUTHORIZED", "UNAUTHORIZED", "Not signed in");

export const dataIsolationError = (code: DataIsolationCode) => new AppError(code === "VALIDATION_FAILED" ? "BAD_REQUEST" : "FORBIDDEN", code);

export const audit = (event: string, details: Record<string, unknown>) => logEvent("warn", "audit", { audit: event, ...details });

/**
 * An entity named in the input must exist and belong to the checked pregnancy: NOT_FOUND when it
 * does not exist, PREGNANCY_ID_MISMATCH (audited) when it belongs to another pregnancy.
 */
export function assertInPregnancy<T extends { pregnancyId: string }>(entity: T | undefined, pregnancyId: string, what: string): T {
  if (!entity) throw new AppError("NOT_FOUND", "NOT_FOUND", `${what} not found`);
  if (entity.pregnancyId !== pregnancyId) {
    audit("PREGNANCY_ID_MISMATCH", { what, pregnancyId });
    throw dataIsolationError("PREGNANCY_ID_MISMATCH");
  }
  return entity;
}
