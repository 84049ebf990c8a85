import { describe, expect, it } from "vitest";
import { GUEST_CHOICE_MEMORY_MS, selectGuestPregnancy } from "../../src/domain/pregnancySelection";

const options = [
  { id: "later", dueDate: "2026-03-01" },
  { id: "soonest", dueDate: "2025-11-15" },
  { id: "middle", dueDate: "2026-01-10" },
];
const now = Date.UTC(2025, 5, 1);

describe("selectGuestPregnancy", () => {
  it("lets a valid preg parameter win", () => {
    expect(selectGuestPregnancy(options, "middle", { id: "later", ts: now }, now)).toEqual({ selectedId: "middle", dropStoredChoice: false });
  });

  it("uses a stored choice younger than 14 days", () => {
    expect(selectGuestPregnancy(options, undefined, { id: "later", ts: now - GUEST_CHOICE_MEMORY_MS + 1 }, now)).toEqual({
      selectedId: "later",
      dropStoredChoice: false,
    });
  });

  it("drops a stored choice at 14 days or for a pregnancy no longer offered, falling back to the soonest due date", () => {
    expect(selectGuestPregnancy(options, undefined, { id: "later", ts: now - GUEST_CHOICE_MEMORY_MS }, now)).toEqual({
      selectedId: "soonest",
      dropStoredChoice: true,
    });
    expect(selectGuestPregnancy(options, undefined, { id: "gone", ts: now }, now)).toEqual({ selectedId: "soonest", dropStoredChoice: true });
  });

  it("ignores an unknown preg parameter", () => {
    expect(selectGuestPregnancy(options, "unknown", undefined, now)).toEqual({ selectedId: "soonest", dropStoredChoice: false });
  });

  it("selects nothing without options", () => {
    expect(selectGuestPregnancy([], "x", undefined, now)).toEqual({ selectedId: null, dropStoredChoice: false });
  });
});
