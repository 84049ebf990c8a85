import { describe, expect, it } from "vitest";
import { ApiClient } from "../support/client";
import { baseUrl } from "../support/env";
import { PNG_1X1 } from "../support/images";
import { createMatrixFamily } from "../support/matrix-family";
import { confirmEmail, signUp } from "../support/families";

describe("profile", () => {
  it("updates the name and keeps notification choices", async () => {
    const { client } = await signUp("profile");
    expect(await client.trpc.account.updateProfile.mutate({ firstName: " Robin ", lastName: "Hart" })).toMatchObject({ firstName: "Robin", lastName: "Hart" });
    await expect(client.trpc.account.updateProfile.mutate({ firstName: " ", lastName: "Hart" })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });

    expect(await client.trpc.account.notificationPreferences.query()).toEqual({ emailInvitations: true, emailRsvps: true, waitingRoomActivation: true, weeklyDigest: true });
    const chosen = { emailInvitations: false, emailRsvps: true, waitingRoomActivation: false, weeklyDigest: true };
    expect(await client.trpc.account.setNotificationPreferences.mutate(chosen)).toEqual(chosen);
    expect(await client.trpc.account.notificationPreferences.query()).toEqual(chosen);
  });

  it("stores an avatar checked by content and shows it only to the user and their family", async () => {
    const family = await createMatrixFamily();
    const upload = await family.guest.fetch("/api/avatars", { method: "POST", headers: { "content-type": "application/octet-stream" }, body: PNG_1X1 });
    expect(upload.status).toBe(201);
    const { avatarUrl } = (await upload.json()) as { avatarUrl: string };
    expect((await family.guest.trpc.account.me.query())?.avatarUrl).toBe(avatarUrl);

    for (const viewer of [family.guest, family.owner]) {
      const read = await viewer.fetch(avatarUrl);
      expect(read.status).toBe(200);
      expect(new Uint8Array(await read.arrayBuffer())).toEqual(PNG_1X1);
    }
    expect((await family.outsider.fetch(avatarUrl)).status).toBe(403);
    expect((await new ApiClient(baseUrl()).fetch(avatarUrl)).status).toBe(401);

    const notImage = await family.guest.fetch("/api/avatars", { method: "POST", headers: { "content-type": "image/png" }, body: new TextEncoder().encode("GIF89a? no") });
    expect(notImage.status).toBe(415);
  });
});

describe("account.session", () => {
  it("answers who is signed in, without the token, as the database has it now", async () => {
    expect(await new ApiClient(baseUrl()).trpc.account.session.query()).toBeNull();

    const { client: here, email, password, userId } = await signUp("session");
    const session = await here.trpc.account.session.query();
    expect(session).toMatchObject({ user: { id: userId, email, emailVerified: false, firstName: "Test" }, session: { userId } });
    expect(session?.session).not.toHaveProperty("token");

    // The confirmation shows at once, and a session ended on another device answers null there.
    await confirmEmail(here, email);
    expect((await here.trpc.account.session.query())?.user.emailVerified).toBe(true);
    const elsewhere = new ApiClient(baseUrl());
    expect((await elsewhere.signIn(email, password)).status).toBe(200);
    expect((await here.postJson("/api/auth/change-password", { currentPassword: password, newPassword: "Signed-out-3", revokeOtherSessions: true })).status).toBe(200);
    expect(await elsewhere.trpc.account.session.query()).toBeNull();
  });
});

describe("metrics.record", () => {
  it("stores a batch and never links a metric to someone else's pregnancy", async () => {
    const family = await createMatrixFamily();
    const other = await createMatrixFamily();
    const result = await family.guest.trpc.metrics.record.mutate({
      metrics: [
        { metricType: "api", name: "pregnancy.details", value: 140, unit: "ms", pregnancyId: family.pregnancyId },
        { metricType: "api", name: "pregnancy.details", value: 150, unit: "ms", pregnancyId: other.pregnancyId },
      ],
    });
    expect(result).toEqual({ recorded: 2 });
    await expect(family.guest.trpc.metrics.record.mutate({ metrics: Array.from({ length: 101 }, () => ({ metricType: "api", name: "x", value: 1, unit: "ms" })) })).rejects.toMatchObject({
      data: { code: "BAD_REQUEST" },
    });
  });
});
