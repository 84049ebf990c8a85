import { describe, expect, it } from "vitest";
import { babyAgeText, bornBabies, isAfterBirth, weekWithBabiesLine } from "../../src/domain/afterBirth";

const expected = (name: string) => ({ name, bornAnnouncedAt: null, birthDate: null });
const born = (name: string, birthDate: string) => ({ name, bornAnnouncedAt: new Date(`${birthDate}T22:00:00Z`), birthDate });
const END = "2026-09-20";

describe("after the birth", () => {
  it("starts when the first baby is announced, not before", () => {
    expect(isAfterBirth([])).toBe(false);
    expect(isAfterBirth([expected("Bean"), expected("Sprout")])).toBe(false);
    expect(isAfterBirth([born("Bean", "2026-06-01"), expected("Sprout")])).toBe(true);
    expect(bornBabies([born("Bean", "2026-06-01"), expected("Sprout")]).map((b) => b.name)).toEqual(["Bean"]);
  });

  it("tells a baby's age in days for two weeks, then in whole weeks", () => {
    expect(babyAgeText("2026-06-01", "2026-06-01")).toBe("Born today");
    expect(babyAgeText("2026-06-02", "2026-06-01")).toBe("Born today");
    expect(babyAgeText("2026-06-01", "2026-06-02")).toBe("1 day old");
    expect(babyAgeText("2026-06-01", "2026-06-06")).toBe("5 days old");
    expect(babyAgeText("2026-06-01", "2026-06-14")).toBe("13 days old");
    expect(babyAgeText("2026-06-01", "2026-06-15")).toBe("2 weeks old");
    expect(babyAgeText("2026-06-01", "2026-06-24")).toBe("3 weeks old");
    // Across a month's end.
    expect(babyAgeText("2026-05-30", "2026-06-02")).toBe("3 days old");
  });

  it("counts the weeks with the babies from the first birth, naming those who are here", () => {
    expect(weekWithBabiesLine([born("Bean", "2026-06-01")], "2026-06-01", END)).toBe("Week 1 with Bean");
    expect(weekWithBabiesLine([born("Bean", "2026-06-01")], "2026-06-07", END)).toBe("Week 1 with Bean");
    expect(weekWithBabiesLine([born("Bean", "2026-06-01")], "2026-06-08", END)).toBe("Week 2 with Bean");
    expect(weekWithBabiesLine([born("Bean", "2026-06-01"), expected("Sprout")], "2026-06-16", END)).toBe("Week 3 with Bean");
    // The second twin a day later: the weeks still count from the first.
    expect(weekWithBabiesLine([born("Bean", "2026-06-01"), born("Sprout", "2026-06-02")], "2026-06-16", END)).toBe("Week 3 with Bean and Sprout");
    expect(weekWithBabiesLine([born("Sprout", "2026-06-02"), born("Bean", "2026-06-01")], "2026-06-08", END)).toBe("Week 2 with Sprout and Bean");
    expect(weekWithBabiesLine([born("Ada", "2026-06-01"), born("Bea", "2026-06-01"), born("Cy", "2026-06-01")], "2026-06-01", END)).toBe("Week 1 with Ada, Bea, and Cy");
  });

  it("has no weekly line before the birth or after the service ends", () => {
    expect(weekWithBabiesLine([expected("Bean")], "2026-06-01", END)).toBeNull();
    expect(weekWithBabiesLine([born("Bean", "2026-06-01")], END, END)).toBe("Week 16 with Bean");
    expect(weekWithBabiesLine([born("Bean", "2026-06-01")], "2026-09-21", END)).toBeNull();
  });
});
