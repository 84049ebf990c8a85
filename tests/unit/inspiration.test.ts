import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_PHOTO_PRIVACY_LEVEL } from "../../src/domain/audience";
import { INSPIRATION_CATEGORIES, ITEM_PRIVACY_LEVELS } from "../../src/domain/enums";
import {
  filterTemplates,
  inspirationTemplate,
  INSPIRATION_ID_MAX_LENGTH,
  INSPIRATION_IMAGE_PATH,
  INSPIRATION_TEMPLATE_COUNT,
  INSPIRATION_TEMPLATES,
  isFeaturedTemplate,
  isInspirationTemplateId,
  uploadDefaultsFor,
  withFavorite,
} from "../../src/domain/inspiration";
import { WEEK_SIZES } from "../../src/domain/sizeComparison";
import { validatePhotosSearch } from "../../src/features/photos/search";

const PUBLIC = join(import.meta.dirname, "../../public");
/** The gallery loads up to 102 of these: each stays a small file. */
const MAX_IMAGE_BYTES = 3 * 1024;

describe("the inspiration gallery's ideas", () => {
  it("are exactly 102 with unique slug ids", () => {
    expect(INSPIRATION_TEMPLATE_COUNT).toBe(102);
    expect(INSPIRATION_TEMPLATES).toHaveLength(INSPIRATION_TEMPLATE_COUNT);
    const ids = INSPIRATION_TEMPLATES.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(id.length).toBeLessThanOrEqual(INSPIRATION_ID_MAX_LENGTH);
    }
  });

  it("each have a category of the spec, a title, a full-sentence description and tags", () => {
    for (const t of INSPIRATION_TEMPLATES) {
      expect(INSPIRATION_CATEGORIES, t.id).toContain(t.category);
      expect(t.title.trim(), t.id).toBe(t.title);
      expect(t.title.length, t.id).toBeGreaterThan(0);
      expect(t.description, t.id).toMatch(/^[A-Z].*[.!]$/);
      expect(t.tags.length, t.id).toBeGreaterThan(0);
      for (const tag of t.tags) expect(tag, t.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(new Set(INSPIRATION_TEMPLATES.map((t) => t.title)).size).toBe(INSPIRATION_TEMPLATE_COUNT);
    for (const category of INSPIRATION_CATEGORIES) expect(INSPIRATION_TEMPLATES.some((t) => t.category === category), category).toBe(true);
  });

  it("compare baby to a fruit for every week from 4 to 40", () => {
    const fruit = INSPIRATION_TEMPLATES.filter((t) => t.category === "fruit-comparison");
    expect(fruit.map((t) => t.title)).toEqual(WEEK_SIZES.map((w) => `Week ${w.week}: ${w.size.replace(/^(a|an) /, "")}`));
    expect(inspirationTemplate("week-12-tomato")).toMatchObject({ title: "Week 12: tomato", tags: expect.arrayContaining(["week-12", "trimester-1"]) });
  });

  it("each point at a small illustration that ships in public/, and nothing else is there", () => {
    for (const t of INSPIRATION_TEMPLATES) {
      expect(t.url, t.id).toBe(`${INSPIRATION_IMAGE_PATH}/${t.id}.svg`);
      const file = join(PUBLIC, t.url);
      expect(existsSync(file), t.url).toBe(true);
      expect(statSync(file).size, t.url).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
    }
    expect(readdirSync(join(PUBLIC, INSPIRATION_IMAGE_PATH)).sort()).toEqual(INSPIRATION_TEMPLATES.map((t) => `${t.id}.svg`).sort());
  });

  it("give the first three, and only those, prompts, style preferences and upload metadata", () => {
    const [first, second, third, ...rest] = INSPIRATION_TEMPLATES;
    for (const t of [first!, second!, third!]) {
      expect(isFeaturedTemplate(t), t.id).toBe(true);
      expect(t.suggestedPrompts!.length, t.id).toBeGreaterThan(0);
      expect(ITEM_PRIVACY_LEVELS, t.id).toContain(t.stylePreferences!.privacyLevel);
      expect(t.stylePreferences!.mood.length, t.id).toBeGreaterThan(0);
      expect(t.uploadMetadata!.defaultTags.length, t.id).toBeGreaterThan(0);
      expect(t.uploadMetadata!.suggestedTitle.length, t.id).toBeGreaterThan(0);
      expect(t.uploadMetadata!.suggestedDescription.length, t.id).toBeGreaterThan(0);
    }
    for (const t of rest) {
      expect(isFeaturedTemplate(t), t.id).toBe(false);
      expect([t.suggestedPrompts, t.stylePreferences, t.uploadMetadata], t.id).toEqual([undefined, undefined, undefined]);
    }
  });

  it("are known by id and nothing else is", () => {
    expect(isInspirationTemplateId("monthly-mirror-bump")).toBe(true);
    expect(isInspirationTemplateId("week-41-watermelon")).toBe(false);
    expect(isInspirationTemplateId("")).toBe(false);
    expect(isInspirationTemplateId(12)).toBe(false);
    expect(inspirationTemplate("nope")).toBeUndefined();
  });
});

describe("filtering the gallery", () => {
  const favorites = new Set(["week-12-tomato", "monthly-mirror-bump", "christmas-tree-bump"]);

  it("keeps one category, the favourites, or both", () => {
    expect(filterTemplates(INSPIRATION_TEMPLATES, { category: null, favoriteIds: null })).toHaveLength(INSPIRATION_TEMPLATE_COUNT);
    expect(filterTemplates(INSPIRATION_TEMPLATES, { category: "fruit-comparison", favoriteIds: null })).toHaveLength(WEEK_SIZES.length);
    expect(filterTemplates(INSPIRATION_TEMPLATES, { category: null, favoriteIds: favorites }).map((t) => t.id)).toEqual(["monthly-mirror-bump", "week-12-tomato", "christmas-tree-bump"]);
    expect(filterTemplates(INSPIRATION_TEMPLATES, { category: "holiday", favoriteIds: favorites }).map((t) => t.id)).toEqual(["christmas-tree-bump"]);
    expect(filterTemplates(INSPIRATION_TEMPLATES, { category: "events", favoriteIds: favorites })).toEqual([]);
  });
});

describe("marking a favourite", () => {
  it("sets the wanted end state, however often it is asked", () => {
    expect(withFavorite([], "a", true)).toEqual(["a"]);
    expect(withFavorite(["a"], "a", true)).toEqual(["a"]);
    expect(withFavorite(["a", "b"], "a", false)).toEqual(["b"]);
    expect(withFavorite(["b"], "a", false)).toEqual(["b"]);
  });
});

describe("an idea's upload-form defaults", () => {
  it("come from the upload metadata and style of the first three", () => {
    const mirror = inspirationTemplate("monthly-mirror-bump")!;
    expect(uploadDefaultsFor(mirror)).toEqual({
      title: mirror.uploadMetadata!.suggestedTitle,
      description: mirror.uploadMetadata!.suggestedDescription,
      tags: [...mirror.uploadMetadata!.defaultTags],
      privacyLevel: mirror.stylePreferences!.privacyLevel,
    });
    expect(uploadDefaultsFor(inspirationTemplate("gender-reveal-moment")!).privacyLevel).toBe("extended-family");
  });

  it("use the title and tags of any other idea, with the usual photo privacy", () => {
    expect(uploadDefaultsFor(inspirationTemplate("week-12-tomato")!)).toEqual({
      title: "Week 12: tomato",
      description: "",
      tags: ["fruit", "bump", "week-12", "trimester-1"],
      privacyLevel: DEFAULT_PHOTO_PRIVACY_LEVEL,
    });
  });

  it("never repeat a tag and never share the template's arrays", () => {
    const t = { ...inspirationTemplate("week-12-tomato")!, tags: ["bump", "bump", "tomato"] };
    const defaults = uploadDefaultsFor(t);
    expect(defaults.tags).toEqual(["bump", "tomato"]);
    defaults.tags.push("changed");
    expect(t.tags).toEqual(["bump", "bump", "tomato"]);
  });
});

describe("the /photos address", () => {
  it("keeps a known tab and a known idea, and drops anything else", () => {
    expect(validatePhotosSearch({ tab: "inspiration" })).toEqual({ tab: "inspiration" });
    expect(validatePhotosSearch({ tab: "album", template: "monthly-mirror-bump" })).toEqual({ tab: "album", template: "monthly-mirror-bump" });
    expect(validatePhotosSearch({ tab: "secrets", template: "../../etc/passwd", preg: "x" })).toEqual({});
    expect(validatePhotosSearch({})).toEqual({});
  });
});
