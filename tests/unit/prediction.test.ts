import { describe, expect, it } from "vitest";
import { poundsOuncesFromWeight, weightFromPoundsOunces } from "../../src/domain/prediction";

describe("prediction weight", () => {
  it("is pounds plus ounces over 16", () => {
    expect(weightFromPoundsOunces(7, 8)).toBe(7.5);
    expect(weightFromPoundsOunces(7, 0)).toBe(7);
    expect(weightFromPoundsOunces(0, 15)).toBe(0.9375);
    expect(weightFromPoundsOunces(6, 4.5)).toBeCloseTo(6.28125);
  });

  it("splits a weight back into pounds and whole ounces", () => {
    expect(poundsOuncesFromWeight(7.5)).toEqual({ pounds: 7, ounces: 8 });
    expect(poundsOuncesFromWeight(7)).toEqual({ pounds: 7, ounces: 0 });
    expect(poundsOuncesFromWeight(0.9375)).toEqual({ pounds: 0, ounces: 15 });
  });

  it("carries 16 rounded ounces into a pound", () => {
    expect(poundsOuncesFromWeight(7.99)).toEqual({ pounds: 8, ounces: 0 });
  });

  it("round-trips every whole-ounce weight", () => {
    for (let pounds = 0; pounds <= 12; pounds++) {
      for (let ounces = 0; ounces < 16; ounces++) {
        expect(poundsOuncesFromWeight(weightFromPoundsOunces(pounds, ounces))).toEqual({ pounds, ounces });
      }
    }
  });
});
