import { describe, expect, it } from "vitest";
import { searchText } from "../../src/lib/searchParams";

describe("searchText", () => {
  it("gives back the URL's text for values the router parsed as numbers", () => {
    expect(searchText(421077, 10)).toBe("421077");
    expect(searchText("012345", 10)).toBe("012345");
  });

  it("drops empty, too long and non-text values", () => {
    expect(searchText("", 10)).toBeUndefined();
    expect(searchText("x".repeat(11), 10)).toBeUndefined();
    expect(searchText({ code: 1 }, 10)).toBeUndefined();
    expect(searchText(Number.NaN, 10)).toBeUndefined();
    expect(searchText(true, 10)).toBeUndefined();
  });
});
