import { describe, expect, it } from "vitest";
import { NOTIFICATION_PREFERENCES } from "../../src/domain/enums";
import { notificationPreferencesFor, NOTIFICATION_RECIPIENT_ROLES } from "../../src/domain/notifications";

describe("the notification switches a person is offered", () => {
  it("a parent gets every switch", () => {
    expect(notificationPreferencesFor(true)).toEqual([...NOTIFICATION_PREFERENCES]);
  });

  it("a guest gets none that only reaches parents: no RSVP mail", () => {
    expect(notificationPreferencesFor(false)).toEqual(["emailInvitations", "waitingRoomActivation", "weeklyDigest"]);
    expect(NOTIFICATION_RECIPIENT_ROLES.emailRsvps).toEqual(["owner", "partner"]);
  });
});
