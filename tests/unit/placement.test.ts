import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { neonRegion, placementMismatch, placementRegion } from "../../scripts/placement";

const committed = fileURLToPath(new URL("../../wrangler.toml", import.meta.url));

describe("the Worker's placement (wrangler.toml as committed)", () => {
  it("places the fetch handler in a cloud region, as wrangler reads and validates the file", () => {
    expect(placementRegion(committed)).toMatch(/^(aws|gcp|azure):[a-z0-9-]+$/);
  });

  it("is accepted for a Neon database in that region and refused for one elsewhere", () => {
    const [cloud, region] = (placementRegion(committed) ?? "").split(":");
    expect(placementMismatch(`postgres://u:p@ep-quiet-sun-123456-pooler.${region}.${cloud}.neon.tech/neondb?sslmode=require`, committed)).toBeUndefined();
    expect(placementMismatch("postgres://u:p@ep-quiet-sun-123456.ap-southeast-2.aws.neon.tech/neondb", committed)).toContain('set [placement] region = "aws:ap-southeast-2"');
  });
});

describe("a Neon database's region", () => {
  it("is read from its host, pooled or not, on AWS and Azure", () => {
    expect(neonRegion("postgres://u:p@ep-cool-darkness-123456.us-east-2.aws.neon.tech/neondb")).toBe("aws:us-east-2");
    expect(neonRegion("postgresql://u:p@ep-cool-darkness-123456-pooler.eu-central-1.aws.neon.tech/neondb?sslmode=require")).toBe("aws:eu-central-1");
    expect(neonRegion("postgres://u:p@ep-cool-darkness-123456.eastus2.azure.neon.tech/neondb")).toBe("azure:eastus2");
  });

  it("is unknown for any other host", () => {
    expect(neonRegion("postgres://u:p@localhost:5432/babysteps")).toBeUndefined();
    expect(neonRegion("postgres://u:p@db.example.com/babysteps")).toBeUndefined();
  });
});
