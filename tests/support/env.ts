import { inject } from "vitest";
import { openNodeDb } from "../../scripts/node-db";
import { DEMO_PASSWORD, demoMember, type DemoMember } from "../../scripts/demo-family";
import { ApiClient } from "./client";

export const baseUrl = () => inject("baseUrl");

/** Direct database access for arranging and checking state the API does not expose yet. */
export const openTestDb = () => openNodeDb(inject("databaseUrl"), inject("wsProxy"));

export async function signedInAs(key: DemoMember["key"]): Promise<ApiClient> {
  const client = new ApiClient(baseUrl());
  const response = await client.signIn(demoMember(key).email, DEMO_PASSWORD);
  if (!response.ok) throw new Error(`Demo sign-in for ${key} failed with ${response.status}`);
  return client;
}
