import { describe, expect, it } from "vitest";
import { babyGenderFromOnboarding, defaultBabyName, defaultPregnancyTitle, pregnancyForViewer } from "../../src/domain/pregnancy";

describe("pregnancy defaults", () => {
  it("titles the pregnancy from the baby's name, else 'My Pregnancy Journey'", () => {
    expect(defaultPregnancyTitle("Lily")).toBe("Lily's Journey");
    expect(defaultPregnancyTitle("  Lily ")).toBe("Lily's Journey");
    expect(defaultPregnancyTitle("")).toBe("My Pregnancy Journey");
    expect(defaultPregnancyTitle("   ")).toBe("My Pregnancy Journey");
    expect(defaultPregnancyTitle(null)).toBe("My Pregnancy Journey");
    expect(defaultPregnancyTitle()).toBe("My Pregnancy Journey");
  });

  it("names new babies 'Baby N'", () => {
    expect(defaultBabyName(1)).toBe("Baby 1");
    expect(defaultBabyName(4)).toBe("Baby 4");
  });

  it("stores a 'surprise' gender as unknown", () => {
    expect(babyGenderFromOnboarding("surprise")).toBe("unknown");
    expect(babyGenderFromOnboarding("boy")).toBe("boy");
    expect(babyGenderFromOnboarding("girl")).toBe("girl");
    expect(babyGenderFromOnboarding("unknown")).toBe("unknown");
  });
});

describe("pregnancyForViewer", () => {
  it("keeps the last menstrual period for parents and empties it for guests", () => {
    const pregnancy = { dueDate: "2027-03-01", lastMenstrualPeriod: "2026-05-25" };
    expect(pregnancyForViewer(pregnancy, true)).toEqual(pregnancy);
    expect(pregnancyForViewer(pregnancy, false)).toEqual({ dueDate: "2027-03-01", lastMenstrualPeriod: null });
  });
});
