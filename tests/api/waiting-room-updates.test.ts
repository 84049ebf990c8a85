import { beforeAll, describe, expect, it } from "vitest";
import { GUEST_DEFAULT_PERMISSIONS } from "../../src/domain/permissions";
import { pregnancyParticipants } from "../../worker/db/schema";
import type { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { createOtherFamily, signUp } from "../support/families";

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const UPDATE_SUBJECT = "Another Family: a new update from the waiting room";

let pregnancyId: string;
let owner: ApiClient;
/** Default guest flags: canReceiveUpdates on. */
let follower: { client: ApiClient; email: string };
/** canAccessWaitingRoom on, canReceiveUpdates off. */
let bystander: { client: ApiClient; email: string };
/** canReceiveUpdates on, but turned waiting-room mail off in settings. */
let optedOut: { client: ApiClient; email: string };

async function updateMails(to: string): Promise<OutboxMail[]> {
  const response = await fetch(`${baseUrl()}/api/dev/outbox`);
  const mails = (await response.json()) as OutboxMail[];
  return mails.filter((m) => m.to === to && m.subject === UPDATE_SUBJECT);
}

beforeAll(async () => {
  const [family, followerUp, bystanderUp, optedOutUp] = await Promise.all([createOtherFamily(), signUp("wrfollower"), signUp("wrbystander"), signUp("wroptedout")]);
  pregnancyId = family.pregnancyId;
  owner = family.owner;
  follower = followerUp;
  bystander = bystanderUp;
  optedOut = optedOutUp;
  const { db, close } = openTestDb();
  try {
    await db.insert(pregnancyParticipants).values([
      { pregnancyId, userId: followerUp.userId, role: "guest", status: "active" },
      { pregnancyId, userId: bystanderUp.userId, role: "guest", status: "active", permissions: { ...GUEST_DEFAULT_PERMISSIONS, canReceiveUpdates: false } },
      { pregnancyId, userId: optedOutUp.userId, role: "guest", status: "active" },
    ]);
  } finally {
    await close();
  }
  const preferences = await optedOut.client.trpc.account.notificationPreferences.query();
  await optedOut.client.trpc.account.setNotificationPreferences.mutate({ ...preferences, waitingRoomActivation: false });
});

describe("parent updates by mail (waiting-room-parent-update)", () => {
  it("mails the update as typed (escaped in the HTML part) and a link to the guests who receive updates, once per update", async () => {
    await owner.trpc.waitingRoom.activate.mutate({ pregnancyId });
    const update = { pregnancyId, id: crypto.randomUUID(), content: "<b>6 cm</b> and doing great" };
    const posted = await owner.trpc.waitingRoom.postUpdate.mutate(update);
    expect(posted.content).toBe("<b>6 cm</b> and doing great");

    const [mail, ...others] = await updateMails(follower.email);
    expect(others).toEqual([]);
    expect(mail?.text).toContain("Test posted an update in the waiting room.");
    expect(mail?.text).toContain("\n<b>6 cm</b> and doing great\n");
    expect(mail?.text).toContain(`Open the waiting room: ${baseUrl()}/waiting-room?preg=${pregnancyId}`);
    expect(mail?.html).toContain("&lt;b&gt;6 cm&lt;/b&gt; and doing great");
    expect(mail?.html).not.toContain("<b>6 cm</b>");
    expect(await updateMails(bystander.email)).toEqual([]);
    expect(await updateMails(optedOut.email)).toEqual([]);

    // A retry of the same client id (the first answer was lost) stores and mails nothing more.
    const retried = await owner.trpc.waitingRoom.postUpdate.mutate(update);
    expect(retried.id).toBe(posted.id);
    expect(await updateMails(follower.email)).toHaveLength(1);

    // The bystander still reads it in the room; only the mail is theirs to go without.
    const state = await bystander.client.trpc.waitingRoom.state.query({ pregnancyId });
    expect(state.pinnedUpdates[0]?.id).toBe(posted.id);
  });

  it("a second update is a second mail", async () => {
    await owner.trpc.waitingRoom.postUpdate.mutate({ pregnancyId, id: crypto.randomUUID(), content: "Baby's nearly here!" });
    const mails = await updateMails(follower.email);
    expect(mails.map((m) => m.text.includes("Baby's nearly here!"))).toEqual([true, false]);
  });
});
