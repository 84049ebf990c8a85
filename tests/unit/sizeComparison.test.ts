import { describe, expect, it } from "vitest";
import { FIRST_SIZE_WEEK, LAST_SIZE_WEEK, SIZE_MESSAGES, sizeComparison, WEEK_SIZES } from "../../src/domain/sizeComparison";
import { PREGNANCY_WEEKS } from "../../src/domain/dates";

describe("weekly size comparison", () => {
  it("has one entry for every week from 4 to 40, in order", () => {
    expect(FIRST_SIZE_WEEK).toBe(4);
    expect(LAST_SIZE_WEEK).toBe(PREGNANCY_WEEKS);
    expect(WEEK_SIZES.map((entry) => entry.week)).toEqual(Array.from({ length: LAST_SIZE_WEEK - FIRST_SIZE_WEEK + 1 }, (_, i) => FIRST_SIZE_WEEK + i));
  });

  it("gives each week a size with its article, a picture and one line of development", () => {
    for (const entry of WEEK_SIZES) {
      expect(entry.size, `week ${entry.week}`).toMatch(/^(a|an) \S/);
      expect(entry.development, `week ${entry.week}`).toMatch(/^[A-Z].*[.!]$/);
      expect(entry.development, `week ${entry.week}`).not.toContain("\n");
    }
  });

  it("shows a picture of the very thing it names (no mango under 'a papaya')", () => {
    // What each emoji depicts, by its Unicode (CLDR) name and keywords, written here independently of the list.
    const depicts: Record<string, string[]> = {
      "🫐": ["blueberry"],
      "🫘": ["bean"],
      "🍒": ["cherry"],
      "🍓": ["strawberry"],
      "🥝": ["kiwi"],
      "🍅": ["tomato"],
      "🍋": ["lemon"],
      "🍑": ["peach"],
      "🍎": ["apple"],
      "🥑": ["avocado"],
      "🍐": ["pear"],
      "🫑": ["bell pepper"],
      "🥭": ["mango"],
      "🍌": ["banana"],
      "🥕": ["carrot"],
      "🥒": ["cucumber"],
      "🍇": ["grapes"],
      "🌽": ["corn"],
      "🍠": ["sweet potato"],
      "🥬": ["lettuce", "cabbage", "chard"],
      "🥦": ["broccoli"],
      "🍆": ["eggplant"],
      "🍞": ["bread"],
      "🥥": ["coconut"],
      "🍍": ["pineapple"],
      "🍈": ["melon", "cantaloupe"],
      "🍉": ["watermelon"],
      "🎃": ["pumpkin"],
    };
    for (const { week, size, picture } of WEEK_SIZES) {
      if (picture.kind === "seed") expect(size, `week ${week}`).toMatch(picture.seed === "lentil" ? /^a lentil$/ : new RegExp(`^a ${picture.seed} seed$`));
      else expect(depicts[picture.emoji]?.some((name) => size.includes(name)), `week ${week}: ${size} shown as ${picture.emoji}`).toBe(true);
    }
  });

  it("never repeats a size, so every week reads differently", () => {
    expect(new Set(WEEK_SIZES.map((entry) => entry.size)).size).toBe(WEEK_SIZES.length);
  });

  it("uses 'an' before vowel sounds", () => {
    for (const entry of WEEK_SIZES) {
      const [article, word = ""] = entry.size.split(" ");
      expect(article, entry.size).toBe(/^[aeiou]/i.test(word) ? "an" : "a");
    }
  });

  it("answers weeks 4 to 40 with that week's entry", () => {
    expect(sizeComparison(4)).toEqual({ stage: "growing", week: 4, entry: WEEK_SIZES[0] });
    const week20 = sizeComparison(20);
    expect(week20.stage).toBe("growing");
    if (week20.stage === "growing") expect(week20.entry.size).toBe("a banana");
    const week40 = sizeComparison(40);
    expect(week40.stage).toBe("growing");
    if (week40.stage === "growing") expect(week40.entry.week).toBe(40);
  });

  it("says baby is just getting started before week 4", () => {
    for (const week of [0, 1, 3]) {
      expect(sizeComparison(week)).toEqual({ stage: "early", week, firstWeek: FIRST_SIZE_WEEK, message: SIZE_MESSAGES.early });
    }
  });

  it("keeps the due week's size after week 40, with a past-due note", () => {
    const result = sizeComparison(42);
    expect(result.stage).toBe("past-due");
    if (result.stage === "past-due") {
      expect(result.week).toBe(42);
      expect(result.entry.week).toBe(LAST_SIZE_WEEK);
      expect(result.message).toBe(SIZE_MESSAGES.pastDue);
    }
  });

  it("floors fractions and treats negative or invalid weeks as week 0", () => {
    expect(sizeComparison(12.9).week).toBe(12);
    expect(sizeComparison(-3)).toMatchObject({ stage: "early", week: 0 });
    expect(sizeComparison(Number.NaN)).toMatchObject({ stage: "early", week: 0 });
    expect(sizeComparison(Number.POSITIVE_INFINITY)).toMatchObject({ stage: "early", week: 0 });
  });
});
