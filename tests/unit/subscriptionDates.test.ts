import { describe, expect, it } from "vitest";
import { isDowngrade, subscriptionCancelAt } from "../../src/domain/billing";

describe("subscription rules", () => {
  it("ends the subscription at the end of the service end day, in UTC seconds", () => {
    expect(subscriptionCancelAt("2027-05-24")).toBe(Date.UTC(2027, 4, 25) / 1000);
    expect(subscriptionCancelAt("2028-02-28")).toBe(Date.UTC(2028, 1, 29) / 1000);
  });

  it("calls only Premium to Basic a downgrade", () => {
    expect(isDowngrade("premium", "basic")).toBe(true);
    expect(isDowngrade("basic", "premium")).toBe(false);
    expect(isDowngrade("basic", "basic")).toBe(false);
  });
});
