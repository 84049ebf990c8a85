import { describe, expect, it } from "vitest";
import {
  centimetresFromInches,
  effectiveMeasurementSystem,
  formatBabyLength,
  formatBabyWeight,
  formatInchesInCentimetres,
  formatOuncesInGrams,
  hasAtMostDecimals,
  inBothSystems,
  inchesFromCentimetres,
  kilogramsFromWeight,
  measurementSystemOfLanguages,
  measurementSystemOfRegion,
  poundsOuncesFromKilograms,
  regionOfLanguage,
} from "../../src/domain/measurement";
import { poundsOuncesFromWeight, weightFromPoundsOunces } from "../../src/domain/prediction";
import { birthFactsOf } from "../../src/domain/babyGame";

/** 'from' to 'to' in steps of 0.1, each value as its one-decimal number (no drift from adding 0.1). */
const tenthsFrom = (from: number, to: number) => Array.from({ length: Math.round((to - from) * 10) + 1 }, (_, i) => Math.round(from * 10 + i) / 10);

describe("the region's system", () => {
  it("is imperial for the United States, Liberia and Myanmar, metric elsewhere", () => {
    expect(measurementSystemOfRegion("US")).toBe("imperial");
    expect(measurementSystemOfRegion("LR")).toBe("imperial");
    expect(measurementSystemOfRegion("MM")).toBe("imperial");
    for (const region of ["GB", "CA", "DE", "NZ", "AU", "FR", "IN"]) expect(measurementSystemOfRegion(region)).toBe("metric");
    expect(measurementSystemOfRegion(undefined)).toBe("metric");
  });

  it("reads the region of a language tag, filled in the likely way", () => {
    expect(regionOfLanguage("en-US")).toBe("US");
    expect(regionOfLanguage("en")).toBe("US");
    expect(regionOfLanguage("en-GB")).toBe("GB");
    expect(regionOfLanguage("de")).toBe("DE");
    expect(regionOfLanguage("my")).toBe("MM");
    expect(regionOfLanguage("not a tag!")).toBeUndefined();
  });

  it("follows the browser's first language that parses", () => {
    expect(measurementSystemOfLanguages(["en-US", "de-DE"])).toBe("imperial");
    expect(measurementSystemOfLanguages(["en-NZ", "en-US"])).toBe("metric");
    expect(measurementSystemOfLanguages(["de"])).toBe("metric");
    expect(measurementSystemOfLanguages(["??", "en-LR"])).toBe("imperial");
    expect(measurementSystemOfLanguages([])).toBe("metric");
  });

  it("gives way to the stored choice", () => {
    expect(effectiveMeasurementSystem("metric", ["en-US"])).toBe("metric");
    expect(effectiveMeasurementSystem("imperial", ["de-DE"])).toBe("imperial");
    expect(effectiveMeasurementSystem(null, ["en-US"])).toBe("imperial");
    expect(effectiveMeasurementSystem(undefined, ["fr-FR"])).toBe("metric");
  });
});

describe("weight conversion", () => {
  it("stores 3.4 kg as 7 lb 8 oz, the entry an imperial player would make", () => {
    const { pounds, ounces } = poundsOuncesFromKilograms(3.4);
    expect({ pounds, ounces }).toEqual({ pounds: 7, ounces: 8 });
    expect(weightFromPoundsOunces(pounds, ounces)).toBe(7.5);
    expect(kilogramsFromWeight(7.5)).toBe(3.4);
  });

  it("round-trips every 0.1 kg from 0.1 to 9.0 kg through the stored pounds", () => {
    for (const kilograms of tenthsFrom(0.1, 9)) {
      const { pounds, ounces } = poundsOuncesFromKilograms(kilograms);
      expect(ounces).toBeGreaterThanOrEqual(0);
      expect(ounces).toBeLessThan(16);
      // The column holds four decimals of a pound; whole ounces are exact in it.
      const stored = Number(weightFromPoundsOunces(pounds, ounces).toFixed(4));
      expect(kilogramsFromWeight(stored), `${kilograms} kg`).toBe(kilograms);
    }
  });

  it("keeps every whole-ounce weight exact for imperial readers", () => {
    for (let ounces = 1; ounces <= 20 * 16; ounces++) {
      const weight = ounces / 16;
      expect(poundsOuncesFromWeight(weight)).toEqual({ pounds: Math.floor(ounces / 16), ounces: ounces % 16 });
    }
  });
});

describe("length conversion", () => {
  it("stores 50 cm as 19.69 in and shows it back as 50 cm", () => {
    expect(inchesFromCentimetres(50)).toBe(19.69);
    expect(centimetresFromInches(19.69)).toBe(50);
  });

  it("round-trips every 0.1 cm from 13 to 76 cm through the stored inches", () => {
    for (const centimetres of tenthsFrom(13, 76)) {
      const inches = inchesFromCentimetres(centimetres);
      // What the server keeps: the guess's length to the hundredth (birthFactsOf).
      const stored = birthFactsOf({ weightPounds: 7, weightOunces: 0, length: inches, date: "2026-05-01", time: "10:00" }).length;
      expect(stored).toBe(inches);
      expect(centimetresFromInches(stored), `${centimetres} cm`).toBe(centimetres);
    }
  });
});

describe("precision", () => {
  it("tells values on the form's grid from finer ones", () => {
    expect(hasAtMostDecimals(3.4, 1)).toBe(true);
    expect(hasAtMostDecimals(50, 1)).toBe(true);
    expect(hasAtMostDecimals(0.3, 1)).toBe(true);
    expect(hasAtMostDecimals(3.45, 1)).toBe(false);
    expect(hasAtMostDecimals(49.99, 1)).toBe(false);
  });
});

describe("formatting", () => {
  it("writes weights in the reader's system", () => {
    expect(formatBabyWeight(7.5, "imperial", "en-US")).toBe("7 lb 8 oz");
    expect(formatBabyWeight(7.5, "metric", "en-US")).toBe("3.4 kg");
    expect(formatBabyWeight(8, "metric", "en-US")).toBe("3.6 kg");
  });

  it("writes lengths in the reader's system", () => {
    expect(formatBabyLength(19.69, "metric", "en-US")).toBe("50 cm");
    expect(formatBabyLength(19.75, "metric", "en-US")).toBe("50.2 cm");
    expect(formatBabyLength(19.75, "imperial", "en-US")).toBe("19.75 in");
    expect(formatBabyLength(20, "imperial", "en-US")).toBe("20 in");
  });

  it("follows the reader's locale for the numbers", () => {
    expect(formatBabyWeight(7.5, "metric", "de-DE")).toBe("3,4 kg");
    expect(formatBabyLength(19.75, "metric", "fr-FR")).toMatch(/^50,2\s?cm$/);
  });

  it("writes a shared text's sizes in both systems, the given one first", () => {
    expect(inBothSystems(formatBabyWeight, 7.5, "metric", "en-US")).toBe("3.4 kg (7 lb 8 oz)");
    expect(inBothSystems(formatBabyLength, 19.69, "imperial", "en-US")).toBe("19.69 in (50 cm)");
  });

  it("puts the game's imperial steps in metric words", () => {
    expect(formatOuncesInGrams(1, "en-US")).toBe("28 g");
    expect(formatInchesInCentimetres(0.25, "en-US")).toBe("0.64 cm");
  });
});
