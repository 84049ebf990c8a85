import { describe, expect, it } from "vitest";
import { contactsForViewer } from "../../src/domain/contacts";

describe("contactsForViewer", () => {
  const contacts = [
    { id: "owner", status: "active", privacyLevel: null, email: "olivia@example.com" },
    { id: "grandma", status: "active", privacyLevel: "immediate-family", email: "grandma@example.com" },
    { id: "invitee", status: "invited", privacyLevel: "friends", email: "typed.by.parents@example.com" },
  ];

  it("gives parents everyone with everything", () => {
    expect(contactsForViewer(contacts, true)).toEqual(contacts);
  });

  it("gives a guest the people who joined, without the circle each guest was given", () => {
    expect(contactsForViewer(contacts, false)).toEqual([
      { id: "owner", status: "active", privacyLevel: null, email: "olivia@example.com" },
      { id: "grandma", status: "active", privacyLevel: null, email: "grandma@example.com" },
    ]);
  });
});
