import { beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIso } from "../../src/domain/dates";
import type { ProcedureMeta } from "../../worker/trpc/init";
import { appRouter } from "../../worker/trpc/router";
import { ApiClient } from "../support/client";
import { baseUrl, signedInAs } from "../support/env";
import { uniqueEmail } from "../support/families";
import { MATRIX_DUE_IN_DAYS, createMatrixFamily, type MatrixFamily } from "../support/matrix-family";
import { callProcedure, wasRefused } from "../support/raw-trpc";

type SampleInput = (family: MatrixFamily) => Promise<unknown> | unknown;

const scoped = (family: MatrixFamily) => ({ pregnancyId: family.pregnancyId });
/** A browser's push keys in form: a P-256 point (65 bytes, 0x04 first) and a 16-byte auth secret, base64url. */
const MATRIX_PUSH_KEYS = { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) };
const SAMPLE_BIRTH_DETAILS = { weightPounds: 7, weightOunces: 8, length: 20, date: todayIso(), time: "14:30" };

/**
 * One valid input per procedure. A procedure added to the router without an entry here fails the
 * enumeration test below, so nothing reaches users without its permission rule being exercised.
 */
const SAMPLE_INPUTS: Record<string, SampleInput> = {
  "account.session": () => undefined,
  "account.me": () => undefined,
  "account.updateProfile": () => ({ firstName: "Matrix", lastName: "Tester" }),
  "account.modeContext": () => undefined,
  "account.notificationPreferences": () => undefined,
  "account.setNotificationPreferences": () => ({ emailInvitations: true, emailRsvps: true, waitingRoomActivation: true, weeklyDigest: false }),
  "account.setTimeZone": () => ({ timeZone: "Europe/Paris" }),
  "account.setMeasurementSystem": () => ({ measurementSystem: "metric" }),
  "account.deletion.sendCode": () => undefined,
  // A code nobody was sent: the matrix checks who may call, never deletes anyone.
  "account.deletion.confirm": () => ({ code: "000000", photos: "remove" }),
  "push.publicKey": () => undefined,
  // A device of the matrix's own (a push service's host, keys of the right form): subscribing stores it for the caller.
  "push.subscribe": () => ({ endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${crypto.randomUUID()}`, keys: MATRIX_PUSH_KEYS }),
  "push.device": () => ({ endpoint: "https://fcm.googleapis.com/fcm/send/matrix-unknown" }),
  // A device nobody subscribed: past the sign-in check this stops at NOT_FOUND.
  "push.setTopics": () => ({ endpoint: "https://fcm.googleapis.com/fcm/send/matrix-unknown", waitingRoom: true, directMessages: true, eventInvitations: true }),
  "push.unsubscribe": () => ({ endpoint: "https://fcm.googleapis.com/fcm/send/matrix-unknown" }),
  "dataExport.options": () => undefined,
  // The account alone: every confirmed user may take theirs (a pregnancy's download is tested in data-export.test.ts).
  "dataExport.prepare": () => ({ pregnancyId: null }),
  "billing.createPreauthCheckout": () => ({ plan: "basic", successUrl: "/onboarding-parent?session_id={CHECKOUT_SESSION_ID}", cancelUrl: "/onboarding?payment=cancelled", onboardingData: {} }),
  "billing.createCheckout": () => ({ plan: "basic" }),
  "billing.verifySession": () => ({ stripeSessionId: "cs_test_matrix_unknown" }),
  "billing.checkSubscription": () => undefined,
  "billing.customerPortal": () => undefined,
  "billing.subscription": () => undefined,
  // The matrix users have no subscription: past the sign-in check these stop at NOT_FOUND.
  "billing.updateSubscription": () => ({ tier: "premium" }),
  "billing.cancelSubscription": () => ({ confirm: true }),
  // The date the matrix family was created with (createMatrixFamily), so its pregnancy stays as it was.
  "billing.updateSubscriptionDates": (f) => ({ ...scoped(f), dueDate: addDays(todayIso(), MATRIX_DUE_IN_DAYS) }),
  "giftCards.createCheckout": () => ({ planType: "base", months: 1, purchaserEmail: uniqueEmail("giftbuyer") }),
  "giftCards.purchase": () => ({ stripeSessionId: "cs_test_matrix_unknown" }),
  "giftCards.redeem": () => ({ code: "AAAA-BBBB-CCCC-DDDD" }),
  "giftCards.credit": () => undefined,
  "metrics.record": () => ({ metrics: [{ metricType: "api", name: "matrix", value: 12, unit: "ms" }] }),
  "pregnancy.mine": () => undefined,
  "pregnancy.access": scoped,
  "pregnancy.details": scoped,
  "pregnancy.update": (f) => ({ ...scoped(f), title: "Matrix Family" }),
  "pregnancy.addBaby": (f) => ({ ...scoped(f), gender: "unknown" }),
  "pregnancy.updateBaby": (f) => ({ ...scoped(f), babyId: f.babyId, color: "green" }),
  "pregnancy.participants": scoped,
  "pregnancy.familyOverview": scoped,
  // A title that is not the pregnancy's stops the owner's call at BAD_REQUEST, after the access
  // check, and an unknown participant at NOT_FOUND: the matrix family keeps its pregnancy and owner.
  "pregnancy.delete": (f) => ({ ...scoped(f), confirmTitle: "Not the Matrix Family" }),
  "pregnancy.closedOwned": () => undefined,
  // A notice nobody was sent: each user dismisses only their own, so this changes nothing.
  "pregnancy.dismissClosingNotice": () => ({ noticeId: crypto.randomUUID() }),
  "pregnancy.dismissServiceEndNotice": () => ({ noticeId: crypto.randomUUID() }),
  "pregnancy.handOver": (f) => ({ ...scoped(f), participantId: crypto.randomUUID() }),
  // Without a date the setup stops at validation, after the sign-in check this matrix is about.
  "pregnancy.createComplete": () => ({ pregnancy: {}, isGuestConversion: false }),
  "pregnancy.setupStatus": () => undefined,
  "pregnancy.completeSetup": scoped,
  // The matrix family has no loss: each stops at validation after the access check (an unknown
  // baby, no loss to undo, tell, cancel or refund, an empty message), so nothing is recorded.
  "pregnancyLoss.overview": scoped,
  "pregnancyLoss.record": (f) => ({ ...scoped(f), babyId: crypto.randomUUID() }),
  "pregnancyLoss.undo": (f) => ({ ...scoped(f), lossId: crypto.randomUUID() }),
  "pregnancyLoss.setMemories": (f) => ({ ...scoped(f), memories: "read-only" }),
  "pregnancyLoss.tell": (f) => ({ ...scoped(f), content: "", circles: ["immediate-family"], userIds: [], inApp: true, byMail: true, noReplies: false }),
  "pregnancyLoss.cancelCelebration": (f) => ({ ...scoped(f), eventId: crypto.randomUUID(), tellInvited: false }),
  "pregnancyLoss.refund": scoped,
  "pregnancyLoss.dismissNotice": (f) => ({ ...scoped(f), lossId: crypto.randomUUID() }),
  "participants.list": scoped,
  "participants.update": async (f) => ({ ...scoped(f), participantId: await f.newInvitedGuest(), title: "Cousin Kim" }),
  "participants.remove": async (f) => ({ ...scoped(f), participantId: await f.newInvitedGuest() }),
  // The access check comes before this field is read: strangers are refused, while a member's
  // call stops at the field, so the matrix family keeps its guest (leaving is tested in leaving.test.ts).
  "participants.leave": (f) => ({ ...scoped(f), removeContributions: "not a choice" }),
  "invitations.resend": async (f) => ({ ...scoped(f), participantId: await f.newInvitedGuest() }),
  "invitations.revoke": async (f) => ({ ...scoped(f), participantId: await f.newInvitedGuest() }),
  "dashboard.summary": scoped,
  "contacts.list": scoped,
  "contacts.rsvpHistory": (f) => ({ ...scoped(f), participantId: f.guestParticipantId }),
  "inspiration.favorites.list": () => undefined,
  "inspiration.favorites.toggle": () => ({ templateId: "monthly-mirror-bump", favorite: true }),
  "referrals.check": () => ({ code: "bean2026" }),
  "invitations.inviteGuest": (f) => ({ ...scoped(f), email: uniqueEmail("invited"), firstName: "Ivy", lastName: "Guest", privacyLevel: "acquaintances" }),
  "invitations.accept": () => ({ token: crypto.randomUUID() }),
  "invitations.joinByCode": () => ({ code: crypto.randomUUID() }),
  "invitations.open": () => ({ token: crypto.randomUUID() }),
  "partners.invite": (f) => ({ ...scoped(f), email: uniqueEmail("partner"), firstName: "Pat", lastName: "Partner" }),
  "partners.verifyEmail": () => ({ email: uniqueEmail("nobody") }),
  "partners.sendCode": (f) => ({ ...scoped(f), email: uniqueEmail("nobody") }),
  "partners.verifyCode": (f) => ({ ...scoped(f), email: uniqueEmail("nobody"), code: "123456" }),
  "partners.link": () => ({ participantId: crypto.randomUUID() }),
  "partners.pendingForMe": () => undefined,
  // Unknown messages, conversations and people stop at NOT_FOUND, after the access check this matrix is about.
  "waitingRoom.state": scoped,
  "waitingRoom.members": scoped,
  "waitingRoom.messages.list": scoped,
  "waitingRoom.messages.replies": (f) => ({ ...scoped(f), messageId: crypto.randomUUID() }),
  "waitingRoom.messages.send": (f) => ({ ...scoped(f), id: crypto.randomUUID(), content: "Matrix hello" }),
  "waitingRoom.messages.delete": (f) => ({ ...scoped(f), messageId: crypto.randomUUID() }),
  "waitingRoom.reactions.toggle": (f) => ({ ...scoped(f), messageId: crypto.randomUUID(), emoji: "👍", reacted: true }),
  "waitingRoom.dms.conversations": scoped,
  "waitingRoom.dms.open": (f) => ({ ...scoped(f), otherUserId: "nobody" }),
  "waitingRoom.dms.messages": (f) => ({ ...scoped(f), conversationId: crypto.randomUUID() }),
  "waitingRoom.dms.send": (f) => ({ ...scoped(f), id: crypto.randomUUID(), recipientId: "nobody", content: "Matrix DM" }),
  "waitingRoom.dms.markRead": (f) => ({ ...scoped(f), conversationId: crypto.randomUUID() }),
  "waitingRoom.activate": scoped,
  "waitingRoom.postUpdate": (f) => ({ ...scoped(f), id: crypto.randomUUID(), content: "Matrix update" }),
  // Once the room is open the first parent's call succeeds and the second finds nothing left to change (CONFLICT).
  "waitingRoom.falseAlarm": scoped,
  "waitingRoom.babyHere": (f) => ({ ...scoped(f), name: "Matrix Baby" }),
  "waitingRoom.recordBirth": (f) => ({ ...scoped(f), babyId: crypto.randomUUID(), birthDate: todayIso(), tellFamily: false }),
  // Unknown photos stop at NOT_FOUND, after the access check this matrix is about.
  "photos.list": scoped,
  "photos.filters": scoped,
  "photos.storage": scoped,
  "photos.people": scoped,
  "photos.update": (f) => ({ ...scoped(f), photoId: crypto.randomUUID(), title: "Matrix photo" }),
  "photos.delete": (f) => ({ ...scoped(f), photoId: crypto.randomUUID() }),
  "photos.likes.toggle": (f) => ({ ...scoped(f), photoId: crypto.randomUUID(), liked: true }),
  "photos.comments.list": (f) => ({ ...scoped(f), photoId: crypto.randomUUID() }),
  "photos.comments.add": (f) => ({ ...scoped(f), photoId: crypto.randomUUID(), content: "Matrix comment" }),
  "photos.guestTags.set": (f) => ({ ...scoped(f), photoId: crypto.randomUUID(), participantIds: [] }),
  // Unknown posts stop at NOT_FOUND, after the access check this matrix is about.
  "posts.list": scoped,
  "posts.create": (f) => ({ ...scoped(f), id: crypto.randomUUID(), content: "<p>Matrix news</p>" }),
  "posts.update": (f) => ({ ...scoped(f), postId: crypto.randomUUID(), content: "<p>Matrix edit</p>" }),
  "posts.delete": (f) => ({ ...scoped(f), postId: crypto.randomUUID() }),
  "posts.likes.toggle": (f) => ({ ...scoped(f), postId: crypto.randomUUID(), liked: true }),
  "posts.comments.list": (f) => ({ ...scoped(f), postId: crypto.randomUUID() }),
  "posts.comments.add": (f) => ({ ...scoped(f), postId: crypto.randomUUID(), id: crypto.randomUUID(), content: "Matrix comment" }),
  // Unknown events stop at NOT_FOUND, after the access check this matrix is about; a delete of one finds nothing to delete.
  "calendar.list": scoped,
  "calendar.get": (f) => ({ ...scoped(f), eventId: crypto.randomUUID() }),
  "calendar.create": (f) => ({ ...scoped(f), id: crypto.randomUUID(), title: "Matrix event", date: todayIso(), time: "2:30 PM", category: "medical" }),
  "calendar.update": (f) => ({ ...scoped(f), eventId: crypto.randomUUID(), title: "Matrix edit" }),
  "calendar.delete": (f) => ({ ...scoped(f), eventId: crypto.randomUUID() }),
  "calendar.invite": (f) => ({ ...scoped(f), eventId: crypto.randomUUID(), participantIds: [f.guestParticipantId] }),
  "calendar.uninvite": (f) => ({ ...scoped(f), eventId: crypto.randomUUID(), userId: "nobody" }),
  "calendar.rsvp": (f) => ({ ...scoped(f), eventId: crypto.randomUUID(), status: "attending" }),
  // Public: a mailed link's token is the proof (an unknown one is NOT_FOUND).
  "calendar.invitation.get": () => ({ token: crypto.randomUUID() }),
  "calendar.invitation.answer": () => ({ token: crypto.randomUUID(), status: "attending" }),
  "calendar.feed.get": scoped,
  "calendar.feed.revoke": scoped,
  // Adding a milestone already on the calendar changes nothing: the second parent's call adds none.
  "calendar.milestones.suggestions": scoped,
  "calendar.milestones.add": (f) => ({ ...scoped(f), keys: ["due-date"] }),
  "registry.list": scoped,
  // Each parent's call adds one preset, far below the limit of 10; unknown registries and suggestions stop at not_found.
  "registry.createOrUpdate": (f) => ({ ...scoped(f), name: "Matrix registry", retailer: "amazon", url: "amazon.com/baby-reg/matrix", isCustom: false }),
  "registry.delete": (f) => ({ ...scoped(f), registryId: crypto.randomUUID() }),
  "registry.setVisibility": (f) => ({ ...scoped(f), registryId: crypto.randomUUID(), isVisible: false }),
  "registry.reorder": (f) => ({ ...scoped(f), ids: [] }),
  "registry.suggestions.list": scoped,
  "registry.suggestions.create": (f) => ({ ...scoped(f), name: "Matrix idea", link: "example.com/idea", note: "Matrix note" }),
  "registry.suggestions.accept": (f) => ({ ...scoped(f), suggestionId: crypto.randomUUID() }),
  "registry.suggestions.dismiss": (f) => ({ ...scoped(f), suggestionId: crypto.randomUUID() }),
  // Health trackers are parent-only; unknown supplements stop at NOT_FOUND, removing an unknown record finds nothing to remove.
  "healthTrackers.vitamins.list": scoped,
  "healthTrackers.vitamins.add": (f) => ({ ...scoped(f), id: crypto.randomUUID(), name: "Matrix vitamin" }),
  "healthTrackers.vitamins.update": (f) => ({ ...scoped(f), supplementId: crypto.randomUUID(), name: "Matrix edit" }),
  "healthTrackers.vitamins.remove": (f) => ({ ...scoped(f), supplementId: crypto.randomUUID() }),
  "healthTrackers.vitamins.setTaken": (f) => ({ ...scoped(f), supplementId: crypto.randomUUID(), day: todayIso(), taken: true }),
  "healthTrackers.kicks.list": scoped,
  "healthTrackers.kicks.sync": (f) => ({ ...scoped(f), sessions: [{ id: crypto.randomUUID(), babyId: f.babyId, startedAt: Date.now() - 60_000, endedAt: Date.now(), kickOffsetsMs: [1000, 2000] }] }),
  "healthTrackers.kicks.remove": (f) => ({ ...scoped(f), sessionId: crypto.randomUUID() }),
  "healthTrackers.contractions.list": scoped,
  "healthTrackers.contractions.sync": (f) => ({ ...scoped(f), contractions: [{ id: crypto.randomUUID(), startedAt: Date.now() - 60_000, endedAt: Date.now() }] }),
  "healthTrackers.contractions.remove": (f) => ({ ...scoped(f), contractionId: crypto.randomUUID() }),
  // Unknown guesses stop at NOT_FOUND (or find nothing to remove); the partner's lock corrects the owner's results.
  "babyGame.state": scoped,
  "babyGame.predictions": scoped,
  "babyGame.leaderboard": scoped,
  "babyGame.submit": (f) => ({ ...scoped(f), babyId: f.babyId, details: SAMPLE_BIRTH_DETAILS }),
  "babyGame.update": (f) => ({ ...scoped(f), predictionId: crypto.randomUUID(), details: SAMPLE_BIRTH_DETAILS }),
  "babyGame.enterFor": (f) => ({ ...scoped(f), id: crypto.randomUUID(), babyId: f.babyId, playerName: `Matrix friend ${crypto.randomUUID()}`, details: SAMPLE_BIRTH_DETAILS }),
  "babyGame.remove": (f) => ({ ...scoped(f), predictionId: crypto.randomUUID() }),
  "babyGame.lock": (f) => ({ ...scoped(f), results: [{ babyId: f.babyId, details: SAMPLE_BIRTH_DETAILS }] }),
  "babyGame.unlock": scoped,
  // Health records (parents only, whatever a guest's flags); unknown ids stop at NOT_FOUND or find nothing to delete.
  "healthRecords.logs.list": (f) => ({ ...scoped(f), kind: "symptom" }),
  "healthRecords.logs.sync": (f) => ({ ...scoped(f), logs: [{ id: crypto.randomUUID(), kind: "symptom", name: "Matrix nausea", severity: 2, loggedAt: new Date(), loggedOn: todayIso() }] }),
  "healthRecords.logs.delete": (f) => ({ ...scoped(f), logId: crypto.randomUUID() }),
  "healthRecords.birthPlan.get": scoped,
  "healthRecords.birthPlan.save": (f) => ({ ...scoped(f), answers: { birthPlace: "hospital" } }),
  "healthRecords.hospitalBag.list": scoped,
  "healthRecords.hospitalBag.add": (f) => ({ ...scoped(f), id: crypto.randomUUID(), owner: "baby", name: "Matrix blanket" }),
  "healthRecords.hospitalBag.update": (f) => ({ ...scoped(f), itemId: crypto.randomUUID(), isPacked: true }),
  "healthRecords.hospitalBag.delete": (f) => ({ ...scoped(f), itemId: crypto.randomUUID() }),
  "healthRecords.hospitalBag.restoreSuggested": scoped,
  "healthRecords.medicalContacts.list": scoped,
  "healthRecords.medicalContacts.create": (f) => ({ ...scoped(f), id: crypto.randomUUID(), kind: "provider", name: "Dr. Matrix", phone: "555 0100" }),
  "healthRecords.medicalContacts.update": (f) => ({ ...scoped(f), contactId: crypto.randomUUID(), kind: "provider", name: "Dr. Matrix" }),
  "healthRecords.medicalContacts.delete": (f) => ({ ...scoped(f), contactId: crypto.randomUUID() }),
};

interface ProcedureDef {
  _def: { type: "query" | "mutation" | "subscription"; meta?: ProcedureMeta };
}
// At run time tRPC keeps every procedure in one flat record keyed by its dotted path; its type is the nested router.
const flatProcedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef>;
const procedures = Object.entries(flatProcedures).map(([path, procedure]) => ({ path, type: procedure._def.type, access: procedure._def.meta?.access, refusal: procedure._def.meta?.refusal }));

let family: MatrixFamily;

beforeAll(async () => {
  family = await createMatrixFamily();
});

describe("permission matrix", () => {
  it("every procedure declares who may call it and has a sample input here", () => {
    expect(procedures.filter((p) => p.access === undefined).map((p) => p.path)).toEqual([]);
    expect(procedures.filter((p) => !(p.path in SAMPLE_INPUTS)).map((p) => p.path)).toEqual([]);
    expect(procedures.filter((p) => p.type === "subscription").map((p) => p.path)).toEqual([]);
  });

  for (const { path, type, access, refusal } of procedures) {
    if (access === "public" || type === "subscription") continue;
    const call = (client: ApiClient, input: unknown) => callProcedure(client, path, type, input);

    it(`${path} (${access}) refuses a signed-out caller`, async () => {
      const input = await SAMPLE_INPUTS[path]!(family);
      expect(await call(new ApiClient(baseUrl()), input)).toMatchObject({ ok: false, code: "UNAUTHORIZED" });
    });

    if (access === "signedIn") {
      it(`${path} (signedIn) serves any signed-in user`, async () => {
        expect(wasRefused(await call(family.guest, await SAMPLE_INPUTS[path]!(family)))).toBe(false);
      });
      continue;
    }

    if (access === "confirmedEmail") {
      it(`${path} (confirmedEmail) refuses a user whose email is not confirmed`, async () => {
        const outcome = await call(family.guest, await SAMPLE_INPUTS[path]!(family));
        expect(outcome).toMatchObject({ ok: false, code: "FORBIDDEN", appCode: "EMAIL_NOT_CONFIRMED" });
      });
      it(`${path} (confirmedEmail) serves a user whose email is confirmed`, async () => {
        expect(wasRefused(await call(await signedInAs("sam"), await SAMPLE_INPUTS[path]!(family)))).toBe(false);
      });
      continue;
    }

    it(`${path} (${access}) refuses a user of another pregnancy`, async () => {
      const outcome = await call(family.outsider, await SAMPLE_INPUTS[path]!(family));
      expect(outcome).toMatchObject({ ok: false, code: "FORBIDDEN", appCode: "ACCESS_DENIED" });
    });

    if (access === "participant") {
      it(`${path} (participant) serves a guest of the pregnancy`, async () => {
        expect(wasRefused(await call(family.guest, await SAMPLE_INPUTS[path]!(family)))).toBe(false);
      });
    } else {
      it(`${path} (${access}) refuses a guest without ${access === "parent" || access === "owner" ? "a parent role" : `the ${access} flag`}`, async () => {
        const outcome = await call(family.guest, await SAMPLE_INPUTS[path]!(family));
        expect(outcome).toMatchObject({ ok: false, code: "FORBIDDEN", appCode: refusal ?? "ACCESS_DENIED" });
      });
    }

    if (access === "owner") {
      it(`${path} (owner) serves the owner and refuses the partner`, async () => {
        const outcome = await call(family.owner, await SAMPLE_INPUTS[path]!(family));
        expect(wasRefused(outcome), JSON.stringify(outcome)).toBe(false);
        expect(await call(family.partner, await SAMPLE_INPUTS[path]!(family))).toMatchObject({ ok: false, code: "FORBIDDEN", appCode: "ACCESS_DENIED" });
      });
    } else {
      it(`${path} (${access}) serves the owner and the partner`, async () => {
        for (const parent of [family.owner, family.partner]) {
          const outcome = await call(parent, await SAMPLE_INPUTS[path]!(family));
          expect(wasRefused(outcome), JSON.stringify(outcome)).toBe(false);
        }
      });
    }

    it(`${path} (${access}) refuses a guest claiming parent mode`, async () => {
      const input = (await SAMPLE_INPUTS[path]!(family)) as Record<string, unknown>;
      expect(await call(family.guest, { ...input, mode: "parent" })).toMatchObject({ ok: false, appCode: "MODE_MISMATCH" });
    });

    if (access === "parent" || access === "owner") {
      it(`${path} (${access}) refuses a parent acting in guest mode`, async () => {
        const input = (await SAMPLE_INPUTS[path]!(family)) as Record<string, unknown>;
        expect(await call(family.owner, { ...input, mode: "guest" })).toMatchObject({ ok: false, appCode: "MODE_MISMATCH" });
      });
    }
  }
});

describe("a guest's flags changed in settings", () => {
  it("change what that guest can do on the server at once", async () => {
    const [olivia, maya] = await Promise.all([signedInAs("olivia"), signedInAs("maya")]);
    const pregnancyId = (await olivia.trpc.pregnancy.mine.query()).parentPregnancy!.id;
    const mayaRow = (await olivia.trpc.participants.list.query({ pregnancyId })).find((p) => p.email === "aunt.maya@example.com")!;
    const before = mayaRow.permissions;
    expect(before.canViewContacts).toBe(false);
    await expect(maya.trpc.pregnancy.participants.query({ pregnancyId })).rejects.toMatchObject({ data: { appCode: "ACCESS_DENIED" } });

    try {
      const updated = await olivia.trpc.participants.update.mutate({ pregnancyId, participantId: mayaRow.id, permissions: { ...before, canViewContacts: true } });
      expect(updated.permissions.canViewContacts).toBe(true);
      expect((await maya.trpc.pregnancy.participants.query({ pregnancyId })).length).toBeGreaterThan(0);
      expect((await maya.trpc.pregnancy.access.query({ pregnancyId })).permissions.canViewContacts).toBe(true);
    } finally {
      await olivia.trpc.participants.update.mutate({ pregnancyId, participantId: mayaRow.id, permissions: before });
    }
    await expect(maya.trpc.pregnancy.participants.query({ pregnancyId })).rejects.toMatchObject({ data: { appCode: "ACCESS_DENIED" } });
  });
});
