import { timestamp } from "drizzle-orm/pg-core";

/** Shared column builders (a fresh builder per call: Drizzle builders must not be reused). */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Set by the database on insert and by Drizzle on every `update()` (raw SQL must set it itself). */
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
