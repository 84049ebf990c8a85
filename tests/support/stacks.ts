import type { TestProject } from "vitest/node";
import type { Stack } from "../../scripts/stack";

/** What a test file needs of a running stack. */
export interface TestStack {
  baseUrl: string;
  databaseUrl: string;
  wsProxy: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** One per vitest worker: worker N (VITEST_POOL_ID) uses stacks[N - 1] (support/env.ts). */
    stacks: TestStack[];
  }
}

/** Gives the test files the global setup's stacks. */
export function provideStacks(project: TestProject, stacks: Stack[]) {
  project.provide(
    "stacks",
    stacks.map((stack) => ({ baseUrl: stack.url, databaseUrl: stack.database.databaseUrl, wsProxy: stack.database.wsProxy })),
  );
}
