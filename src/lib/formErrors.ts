import type { z } from "zod";

/** Each invalid field's first message, keyed by the field's name; empty when the form is valid. */
export function fieldErrors<Values extends object>(result: z.ZodSafeParseResult<unknown>): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof Values | undefined;
    if (field !== undefined && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
