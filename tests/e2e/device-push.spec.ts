import { eq } from "drizzle-orm";
import { pushSubscriptions } from "../../worker/db/schema";
import type { PushPayloadFields } from "../../src/domain/pushPayload";
import { SETTINGS_MESSAGES } from "../../src/features/settings/messages";
import { createTestDevice, readPush, startPushEndpoint, waitForPushes } from "../support/pushEndpoint";
import { familyWithGrandparent, inDb, secondBrowser } from "./family";
import { parentWithTwins } from "./serviceWorker";
import { fullBrowserLaunchOptions } from "./browsers";
import { expect, expectAccessible, signInThroughApi, test, trpcMutation } from "./support";

// Notifications exist only in the full browser (browsers.ts).
test.use({ launchOptions: fullBrowserLaunchOptions, serviceWorkers: "allow" });

/**
 * Settings, "Notifications on this device", from the browser to the family's news. Headless Chromium
 * here has no push service to register with (the machine has no way out), so the page's PushManager
 * hands out the subscription of a test device at a local push endpoint (tests/support/pushEndpoint.ts)
 * instead: everything after the browser's subscribe call is real (the section, the push router, the
 * fan-out, the encryption, which the test device undoes with its own private key).
 */
test("Grandma turns on notifications for her device, hears that the parents are heading to the hospital, and turns them off @desktop", async ({ page, context, request, baseURL, browser }) => {
  const endpoint = await startPushEndpoint();
  try {
    const family = await familyWithGrandparent(request, baseURL!, "Push Family");
    const device = createTestDevice(endpoint.origin);
    await context.grantPermissions(["notifications"], { origin: baseURL! });
    await page.addInitScript((subscription) => {
      const key = "e2e.push-subscription";
      const asSubscription = (json: typeof subscription) => ({ endpoint: json.endpoint, expirationTime: null, toJSON: () => json, unsubscribe: async () => (localStorage.removeItem(key), true) });
      PushManager.prototype.subscribe = async () => {
        localStorage.setItem(key, JSON.stringify(subscription));
        return asSubscription(subscription) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () => {
        const stored = localStorage.getItem(key);
        return stored ? (asSubscription(JSON.parse(stored) as typeof subscription) as unknown as PushSubscription) : null;
      };
    }, { endpoint: device.endpoint, expirationTime: null, keys: device.keys });

    await signInThroughApi(page, family.grandma.email, family.grandma.password);
    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe("activated");
    const section = page.getByRole("region", { name: "Notifications on this device" });
    await section.getByRole("button", { name: "Turn on notifications for this device" }).click();
    await expect(page.getByRole("region", { name: "Notifications", exact: true }).getByText(SETTINGS_MESSAGES.devicePushOn)).toBeVisible();
    for (const name of ["Waiting room news", "Direct messages", "Event invitations"]) await expect(section.getByRole("switch", { name })).toBeChecked();
    await expectAccessible(page);
    const deviceRow = () => inDb((db) => db.select({ userId: pushSubscriptions.userId, waitingRoom: pushSubscriptions.waitingRoom }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint)));
    expect(await deviceRow()).toEqual([{ userId: family.grandma.userId, waitingRoom: true }]);

    // The owner, in her own browser, opens the waiting room: Grandma's device gets the news, encrypted for it.
    const owner = await secondBrowser(browser, baseURL!);
    await signInThroughApi(owner, family.owner.email, family.owner.password);
    await trpcMutation(owner.request, "waitingRoom.activate", { pregnancyId: family.pregnancyId });
    const [push, ...more] = await waitForPushes(endpoint, 1);
    expect(more).toEqual([]);
    expect(push!.path).toBe(device.path);
    expect(readPush(device, push!)).toMatchObject({ kind: "waiting-room-activated", url: `/waiting-room?preg=${family.pregnancyId}` });
    await owner.context().close();

    // Her switch for the waiting room's news is kept on the server, for this device.
    await section.getByRole("switch", { name: "Waiting room news" }).click();
    await expect.poll(deviceRow).toEqual([{ userId: family.grandma.userId, waitingRoom: false }]);
    await page.reload();
    await expect(section.getByRole("switch", { name: "Waiting room news" })).not.toBeChecked();

    // Turning off forgets the device on both sides.
    await section.getByRole("button", { name: "Turn off notifications on this device" }).click();
    await expect(page.getByRole("region", { name: "Notifications", exact: true }).getByText(SETTINGS_MESSAGES.devicePushOff)).toBeVisible();
    await expect(section.getByRole("button", { name: "Turn on notifications for this device" })).toBeVisible();
    expect(await deviceRow()).toEqual([]);
  } finally {
    await endpoint.close();
  }
});

test("a push delivered to the service worker shows its notification, drops a malformed one, and a click opens its screen", { tag: "@desktop" }, async ({ page, context, request, baseURL }) => {
  await context.grantPermissions(["notifications"], { origin: baseURL! });
  await parentWithTwins(page, request, baseURL!);

  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: updated }) => registrations.push(...updated));
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => registrations.find((registration) => registration.scopeURL === `${baseURL}/`)?.registrationId).toBeTruthy();
  const { registrationId } = registrations.find((registration) => registration.scopeURL === `${baseURL}/`)!;
  const deliver = (data: unknown) => cdp.send("ServiceWorker.deliverPushMessage", { origin: baseURL!, registrationId, data: JSON.stringify(data) });
  const titles = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => notification.title));

  // A path that would leave the site is not a payload the Worker writes: nothing is shown.
  await deliver({ kind: "direct-message", title: "Elsewhere", body: "", url: "//evil.example/" });
  const payload: PushPayloadFields = { kind: "waiting-room-activated", title: "Rosa is heading to the hospital", body: "Follow along in the waiting room.", url: "/waiting-room", tag: "room" };
  await deliver(payload);
  await expect.poll(titles).toEqual([payload.title]);
  const shown = await page.evaluate(async () => {
    const [notification] = await (await navigator.serviceWorker.ready).getNotifications();
    return { body: notification?.body, tag: notification?.tag, data: notification?.data as unknown, icon: notification?.icon };
  });
  expect(shown).toEqual({ body: payload.body, tag: payload.tag, data: { url: payload.url }, icon: `${baseURL}/icons/icon-192.png` });

  // The protocol cannot click a notification: the worker's own click listener runs on the real one.
  const [worker] = context.serviceWorkers();
  await worker!.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new NotificationEvent("notificationclick", { notification: notification! }));
  });
  await expect(page).toHaveURL(`${baseURL}/waiting-room`);
  await expect(page.getByRole("heading", { name: "Waiting Room", level: 1 })).toBeVisible();
  await expect.poll(titles).toEqual([]);
});
