import type { Query, SQL } from "drizzle-orm";
import { QueryBuilder, type PgColumn, type PgSelectBuilder, type SelectedFieldsOrdered } from "drizzle-orm/pg-core";
import type { Executor } from ".";

/** A flat selection: each key one column or one SQL expression (no nested objects, no whole tables). */
export type FlatSelection = Record<string, PgColumn | SQL>;

/**
 * A hot read whose SQL is built once per isolate instead of on every request: drizzle spends more
 * of the Worker's CPU building a select with a subquery than the rest of the request costs
 * (measured, issue 40). `build` names each per-call value with `sql.placeholder(name)`; a call
 * fills them in (through each column's encoder) and runs the statement on the caller's executor, a
 * request's pool or an open transaction, mapping rows as the query builder would.
 */
export function prebuiltSelect<TSelection extends FlatSelection, TQuery extends { toSQL(): Query; readonly _: { readonly result: unknown[] } }>(
  selection: TSelection,
  build: (select: PgSelectBuilder<TSelection, "qb">) => TQuery,
): (executor: Executor, values: Record<string, unknown>) => Promise<TQuery["_"]["result"]> {
  const fields: SelectedFieldsOrdered = Object.entries(selection).map(([key, field]) => ({ path: [key], field }));
  let query: Query | undefined;
  return (executor, values) => {
    query ??= build(new QueryBuilder().select(selection)).toSQL();
    return executor._.session.prepareQuery<{ execute: TQuery["_"]["result"]; all: unknown; values: unknown }>(query, fields, undefined, true).execute(values);
  };
}
