import { describe, expect, it } from "vitest";
import { contactName, groupContacts, groupOf, matchesSearch, rsvpSummaryText, type Contact } from "../../src/features/contacts/contacts";

const noAnswers = { pending: 0, attending: 0, maybe: 0, declined: 0 };

function contact(overrides: Partial<Contact>): Contact {
  return {
    id: crypto.randomUUID(),
    role: "guest",
    status: "active",
    displayTitle: "Guest",
    firstName: null,
    lastName: null,
    email: null,
    relationship: null,
    privacyLevel: "friends",
    avatarUrl: null,
    joinedAt: null,
    rsvpSummary: noAnswers,
    ...overrides,
  };
}

const olivia = contact({ role: "owner", displayTitle: "Mom", firstName: "Olivia", lastName: "Parker", email: "olivia@example.com", privacyLevel: null });
const helen = contact({ displayTitle: "Grandma", firstName: "Helen", lastName: "Parker", email: "grandma@example.com" });
const invitedPartner = contact({ role: "partner", status: "invited", displayTitle: "Parent", email: "pat@example.com", privacyLevel: null });

describe("contact groups", () => {
  it("puts active parents, active guests and open invitations (of any role) in their own groups", () => {
    expect([olivia, helen, invitedPartner].map(groupOf)).toEqual(["parents", "guests", "invited"]);
    expect(groupContacts([helen, invitedPartner, olivia], "").map((g) => [g.title, g.contacts.map(contactName)])).toEqual([
      ["Parents", ["Olivia Parker"]],
      ["Family and friends", ["Helen Parker"]],
      ["Invited, not yet joined", ["pat@example.com"]],
    ]);
  });

  it("puts the owner before the partner, and orders each group by name", () => {
    const noah = contact({ role: "partner", displayTitle: "Dad", firstName: "Noah", lastName: "Parker" });
    const maya = contact({ firstName: "Maya", lastName: "Reed" });
    expect(groupContacts([noah, maya, olivia, helen], "").map((g) => g.contacts.map(contactName))).toEqual([["Olivia Parker", "Noah Parker"], ["Helen Parker", "Maya Reed"], []]);
  });

  it("names a contact by first and last name, else the email, else the display title", () => {
    expect(contactName(helen)).toBe("Helen Parker");
    expect(contactName(invitedPartner)).toBe("pat@example.com");
    expect(contactName(contact({ displayTitle: "Guest" }))).toBe("Guest");
  });
});

describe("contact search", () => {
  it("matches any part of the name or the email, ignoring case and surrounding spaces", () => {
    expect(matchesSearch(helen, "  HELEN ")).toBe(true);
    expect(matchesSearch(helen, "n park")).toBe(true);
    expect(matchesSearch(helen, "grandma@")).toBe(true);
    expect(matchesSearch(helen, "olivia")).toBe(false);
    expect(matchesSearch(helen, "   ")).toBe(true);
    expect(groupContacts([olivia, helen], "parker").flatMap((g) => g.contacts)).toHaveLength(2);
    expect(groupContacts([olivia, helen], "grandma").flatMap((g) => g.contacts.map(contactName))).toEqual(["Helen Parker"]);
  });
});

describe("RSVP summary", () => {
  it("reads attending, maybe, declined, pending, and nothing before the first invitation", () => {
    expect(rsvpSummaryText({ attending: 2, maybe: 1, declined: 0, pending: 3 })).toBe("2 attending · 1 maybe · 0 can't make it · 3 awaiting reply");
    expect(rsvpSummaryText(noAnswers)).toBeNull();
  });
});
