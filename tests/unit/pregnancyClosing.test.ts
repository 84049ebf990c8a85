import { describe, expect, it } from "vitest";
import { closingLines, isClosingNoticeRole } from "../../src/domain/pregnancyClosing";

const facts = { title: "Our Bean", closedBy: "Olivia Parker", closedOn: "28 November 2026", downloadUntil: "27 January 2027" };

describe("what closing a pregnancy means for each person told", () => {
  it("tells the partner who can still download it, and until when", () => {
    const text = closingLines("partner", facts).join(" ");
    expect(text).toContain("Olivia Parker cancelled the BabySteps subscription for Our Bean on 28 November 2026");
    expect(text).toContain("Olivia Parker can download everything in it until 27 January 2027");
  });

  it("tells a guest their access ended, without offering a download that is not theirs", () => {
    const text = closingLines("guest", facts).join(" ");
    expect(text).toContain("Your guest access ended then");
    expect(text).not.toContain("27 January 2027");
  });

  it("is for the partner and guests only, never the owner who closed it", () => {
    expect(["owner", "partner", "guest"].filter(isClosingNoticeRole)).toEqual(["partner", "guest"]);
  });
});
