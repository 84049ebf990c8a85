/** Outcome of a check that can fail with a message (or a machine code) instead of throwing. */
export type Result<T, E extends string = string> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const fail = <E extends string>(error: E): { ok: false; error: E } => ({ ok: false, error });
