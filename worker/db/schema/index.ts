/**
 * Every table, enum and relation, for drizzle-kit (drizzle.config.ts) and for
 * `drizzle(client, { schema })` relational queries.
 */
export * from "./auth";
export * from "./enums";
export * from "./pregnancy";
export * from "./billing";
export * from "./calendar";
export * from "./photos";
export * from "./posts";
export * from "./waitingRoom";
export * from "./registry";
export * from "./game";
export * from "./mail";
export * from "./devStripe";
export * from "./marketing";
export * from "./health";
export * from "./notifications";
