import { beforeAll, describe, expect, it } from "vitest";
import { addDays, dueDateFromLmp, serviceEndDate, todayIso } from "../../src/domain/dates";
import { TOO_MANY_BABIES_MESSAGE } from "../../src/domain/pregnancy";
import { baseUrl } from "../support/env";
import { createMatrixFamily, type MatrixFamily } from "../support/matrix-family";
import { createOtherFamily } from "../support/families";
import { addGuest } from "../support/photos";
import { ApiClient } from "../support/client";

let family: MatrixFamily;
beforeAll(async () => {
  family = await createMatrixFamily();
});

describe("pregnancy details", () => {
  it("recomputes the due date and service end from an LMP, and the service end from a typed due date", async () => {
    const pregnancyId = family.pregnancyId;
    const lmp = addDays(todayIso(), -100);
    const fromLmp = await family.owner.trpc.pregnancy.update.mutate({ pregnancyId, dates: { lastMenstrualPeriod: lmp } });
    expect(fromLmp).toMatchObject({ lastMenstrualPeriod: lmp, dueDate: dueDateFromLmp(lmp), serviceEndDate: serviceEndDate(dueDateFromLmp(lmp)) });

    const due = addDays(todayIso(), 90);
    const typed = await family.partner.trpc.pregnancy.update.mutate({ pregnancyId, title: "  Our Sprout <3  ", dates: { dueDate: due } });
    expect(typed).toMatchObject({ title: "Our Sprout <3", dueDate: due, serviceEndDate: serviceEndDate(due) });
  });

  it("refuses an impossible date and changes nothing", async () => {
    const before = await family.owner.trpc.pregnancy.details.query({ pregnancyId: family.pregnancyId });
    await expect(family.owner.trpc.pregnancy.update.mutate({ pregnancyId: family.pregnancyId, dates: { dueDate: "2026-02-30" } })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });
    expect(await family.owner.trpc.pregnancy.details.query({ pregnancyId: family.pregnancyId })).toEqual(before);
  });

  it("adds babies as 'Baby N' up to four, then refuses with a clear message", async () => {
    const other = await createMatrixFamily();
    const added = await other.owner.trpc.pregnancy.addBaby.mutate({ pregnancyId: other.pregnancyId, gender: "girl", color: "purple" });
    expect(added).toMatchObject({ name: "Baby 2", birthOrder: 2, gender: "girl", color: "purple" });
    await other.owner.trpc.pregnancy.addBaby.mutate({ pregnancyId: other.pregnancyId, name: "Pip" });
    await other.owner.trpc.pregnancy.addBaby.mutate({ pregnancyId: other.pregnancyId });
    await expect(other.owner.trpc.pregnancy.addBaby.mutate({ pregnancyId: other.pregnancyId })).rejects.toMatchObject({ message: TOO_MANY_BABIES_MESSAGE });
    const details = await other.owner.trpc.pregnancy.details.query({ pregnancyId: other.pregnancyId });
    expect(details.babies.map((b) => b.name)).toEqual(["Baby 1", "Baby 2", "Pip", "Baby 4"]);
  });

  it("refuses to edit a baby of another pregnancy with PREGNANCY_ID_MISMATCH", async () => {
    const other = await createMatrixFamily();
    await expect(
      family.owner.trpc.pregnancy.updateBaby.mutate({ pregnancyId: family.pregnancyId, babyId: other.babyId, name: "Mine now" }),
    ).rejects.toMatchObject({ data: { appCode: "PREGNANCY_ID_MISMATCH" } });
    const untouched = await other.owner.trpc.pregnancy.details.query({ pregnancyId: other.pregnancyId });
    expect(untouched.babies[0]?.name).toBe("Baby 1");
  });
});

describe("the pregnancy's overview in Settings (canViewSettings)", () => {
  it("shows a trusted guest the details and the joined family without emails, and refuses a stranger, another family, a guest without the flag and a removed relative", async () => {
    const other = await createMatrixFamily();
    const pregnancyId = other.pregnancyId;
    const trusted = await addGuest(pregnancyId, "settingsviewer", "friends");
    const overview = await trusted.client.trpc.pregnancy.familyOverview.query({ pregnancyId, mode: "guest" });
    expect(overview.details).toMatchObject({ id: pregnancyId, lastMenstrualPeriod: null });
    expect(overview.members.map((m) => m.role).sort()).toEqual(["guest", "guest", "owner", "partner"]);
    expect(JSON.stringify(overview)).not.toMatch(/@/);

    const untrusted = await addGuest(pregnancyId, "settingsblind", "immediate-family", { canViewSettings: false });
    await expect(untrusted.client.trpc.pregnancy.familyOverview.query({ pregnancyId, mode: "guest" })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    await expect(other.outsider.trpc.pregnancy.familyOverview.query({ pregnancyId })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    await expect(new ApiClient(baseUrl()).trpc.pregnancy.familyOverview.query({ pregnancyId })).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });

    await other.owner.trpc.participants.remove.mutate({ pregnancyId, mode: "parent", participantId: trusted.participantId });
    await expect(trusted.client.trpc.pregnancy.familyOverview.query({ pregnancyId, mode: "guest" })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
  });

  it("follows the flag at once when a parent switches it", async () => {
    const other = await createMatrixFamily();
    const pregnancyId = other.pregnancyId;
    const guest = await addGuest(pregnancyId, "settingsflip", "friends");
    await guest.client.trpc.pregnancy.familyOverview.query({ pregnancyId, mode: "guest" });
    const row = (await other.owner.trpc.participants.list.query({ pregnancyId })).find((p) => p.id === guest.participantId)!;
    await other.owner.trpc.participants.update.mutate({ pregnancyId, participantId: guest.participantId, permissions: { ...row.permissions, canViewSettings: false } });
    await expect(guest.client.trpc.pregnancy.familyOverview.query({ pregnancyId, mode: "guest" })).rejects.toMatchObject({ data: { appCode: "ACCESS_DENIED" } });
  });
});

describe("participants and invitations", () => {
  it("stores a guest's whole normalised flag set and refuses to edit a parent", async () => {
    const participantId = await family.newInvitedGuest();
    const updated = await family.owner.trpc.participants.update.mutate({
      pregnancyId: family.pregnancyId,
      participantId,
      title: "Cousin Kim (Mom<Dad's side)",
      relationship: "cousin",
      privacyLevel: "close-friends",
      permissions: {
        canViewSettings: true, canEditCalendar: false, canUploadPhotos: true, canContributePhotos: false, canViewCalendarEvents: true,
        canManageRegistry: false, canViewRegistry: true, canSuggestRegistryItems: false, canAccessWaitingRoom: true, canPlayBabyGame: true,
        canViewContacts: false, canInviteGuests: false, canReceiveUpdates: true,
      },
    });
    expect(updated).toMatchObject({ title: "Cousin Kim (Mom<Dad's side)", displayTitle: "Cousin Kim (Mom<Dad's side)", relationship: "cousin", privacyLevel: "close-friends" });
    expect(updated.permissions.canUploadPhotos).toBe(true);
    expect(Object.keys(updated.customPermissions ?? {})).toHaveLength(13);

    const owners = (await family.owner.trpc.participants.list.query({ pregnancyId: family.pregnancyId })).filter((p) => p.role !== "guest");
    await expect(family.owner.trpc.participants.update.mutate({ pregnancyId: family.pregnancyId, participantId: owners[0]!.id, title: "Boss" })).rejects.toMatchObject({
      data: { code: "BAD_REQUEST" },
    });
  });

  it("resends an invitation by mail with a fresh link and revokes it", async () => {
    const participantId = await family.newInvitedGuest();
    const invitee = (await family.owner.trpc.participants.list.query({ pregnancyId: family.pregnancyId })).find((p) => p.id === participantId)!;
    expect(await family.owner.trpc.invitations.resend.mutate({ pregnancyId: family.pregnancyId, participantId })).toEqual({ sent: true });
    const mails = (await (await fetch(`${baseUrl()}/api/dev/outbox`)).json()) as Array<{ to: string; text: string }>;
    const link = mails.find((m) => m.to === invitee.invitedEmail)?.text.match(/https?:\/\/\S*\/auth\?invite_type=guest\S*/)?.[0];
    expect(new URL(link!).searchParams.get("invite_type")).toBe("guest");
    expect(new URL(link!).searchParams.get("pregnancy_id")).toBe(family.pregnancyId);

    expect(await family.owner.trpc.invitations.revoke.mutate({ pregnancyId: family.pregnancyId, participantId })).toEqual({ revoked: true });
    const after = await family.owner.trpc.participants.list.query({ pregnancyId: family.pregnancyId });
    expect(after.some((p) => p.id === participantId)).toBe(false);
  });

  it("does not resend or revoke for someone who already joined", async () => {
    await expect(family.owner.trpc.invitations.revoke.mutate({ pregnancyId: family.pregnancyId, participantId: family.guestParticipantId })).rejects.toMatchObject({
      data: { code: "BAD_REQUEST" },
    });
  });

  it("removes a guest, who then loses access at once", async () => {
    const other = await createMatrixFamily();
    expect(await other.guest.trpc.pregnancy.details.query({ pregnancyId: other.pregnancyId })).toMatchObject({ id: other.pregnancyId });
    await other.owner.trpc.participants.remove.mutate({ pregnancyId: other.pregnancyId, participantId: other.guestParticipantId });
    await expect(other.guest.trpc.pregnancy.details.query({ pregnancyId: other.pregnancyId })).rejects.toMatchObject({ data: { appCode: "ACCESS_DENIED" } });
  });
});

describe("modes", () => {
  it("gives parents capability and guests none", async () => {
    expect(await family.owner.trpc.account.modeContext.query()).toEqual({ hasParentCapability: true, hasPregnancyAccess: true, hasActiveSubscription: false, hasClosedPregnancy: false, closingNotices: [], serviceEndNotices: [] });
    expect(await family.guest.trpc.account.modeContext.query()).toEqual({ hasParentCapability: false, hasPregnancyAccess: false, hasActiveSubscription: false, hasClosedPregnancy: false, closingNotices: [], serviceEndNotices: [] });
    const { owner } = await createOtherFamily();
    expect((await owner.trpc.account.modeContext.query()).hasParentCapability).toBe(true);
  });
});
