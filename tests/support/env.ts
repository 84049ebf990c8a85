import { inject } from "vitest";
import { openNodeDb } from "../../scripts/node-db";
import { DEMO_PASSWORD, demoMember, type DemoMember } from "../../scripts/demo-family";
import { ApiClient } from "./client";
import type { TestStack } from "./stacks";

/** This worker's own stack (tests/api/global-setup.ts): no other file running now uses it. */
export function stack(): TestStack {
  const stacks = inject("stacks");
  const own = stacks[(Number(process.env.VITEST_POOL_ID ?? "1") - 1) % stacks.length];
  if (!own) throw new Error("No stack was started for the tests");
  return own;
}

export const baseUrl = () => stack().baseUrl;

/** Direct database access for arranging and checking state the API does not expose yet. */
export const openTestDb = () => openNodeDb(stack().databaseUrl, stack().wsProxy);

export async function signedInAs(key: DemoMember["key"]): Promise<ApiClient> {
  const client = new ApiClient(baseUrl());
  const response = await client.signIn(demoMember(key).email, DEMO_PASSWORD);
  if (!response.ok) throw new Error(`Demo sign-in for ${key} failed with ${response.status}`);
  return client;
}
