import { describe, expect, it } from "vitest";
import { fromBase64Url, toBase64Url } from "../../src/domain/bytes";
import {
  deviceLabelOf,
  directMessagePush,
  eventInvitationPush,
  isAllowedPushEndpoint,
  isVapidSubject,
  parentUpdatePush,
  PUSH_PREVIEW_MAX_LENGTH,
  pushPayloadSchema,
  pushSubscriptionSchema,
  waitingRoomActivatedPush,
} from "../../src/domain/push";

describe("isAllowedPushEndpoint", () => {
  it.each([
    "https://fcm.googleapis.com/fcm/send/abc:def",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
    "https://web.push.apple.com/QO3r",
    "https://api.push.apple.com/3/device/x",
    "https://wns2-by3p.notify.windows.com/w/?token=x",
  ])("accepts the push service endpoint %s everywhere", (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint, false)).toBe(true);
    expect(isAllowedPushEndpoint(endpoint, true)).toBe(true);
  });

  it.each([
    "http://fcm.googleapis.com/fcm/send/x",
    "https://fcm.googleapis.com:8443/fcm/send/x",
    "https://user:pw@fcm.googleapis.com/fcm/send/x",
    "https://fcm.googleapis.com.evil.test/x",
    "https://evilpush.apple.com/x",
    "https://notify.windows.com.evil.test/x",
    "https://example.com/push",
    "https://127.0.0.1/push",
    "not a url",
    `https://fcm.googleapis.com/${"x".repeat(1000)}`,
  ])("refuses %s", (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint, false)).toBe(false);
    expect(isAllowedPushEndpoint(endpoint, true)).toBe(false);
  });

  it("accepts this machine over http only in development and test", () => {
    for (const endpoint of ["http://127.0.0.1:9999/push/1", "http://localhost:9999/push/1"]) {
      expect(isAllowedPushEndpoint(endpoint, true)).toBe(true);
      expect(isAllowedPushEndpoint(endpoint, false)).toBe(false);
    }
    expect(isAllowedPushEndpoint("http://10.0.0.1/push", true)).toBe(false);
    expect(isAllowedPushEndpoint("http://169.254.169.254/", true)).toBe(false);
  });
});

describe("isVapidSubject", () => {
  it("takes a mailto: address or an https URL", () => {
    expect(isVapidSubject("mailto:hello@babysteps.example")).toBe(true);
    expect(isVapidSubject("https://babysteps.example")).toBe(true);
    expect(isVapidSubject("hello@babysteps.example")).toBe(false);
    expect(isVapidSubject("http://babysteps.example")).toBe(false);
    expect(isVapidSubject("mailto:")).toBe(false);
  });
});

describe("pushSubscriptionSchema", () => {
  const point = toBase64Url(Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i)));
  const auth = toBase64Url(new Uint8Array(16).fill(7));
  const valid = { endpoint: "https://fcm.googleapis.com/fcm/send/x", keys: { p256dh: point, auth } };

  it("takes the keys as PushSubscription.toJSON() gives them", () => {
    expect(pushSubscriptionSchema.parse(valid)).toEqual({ ...valid, deviceLabel: "" });
  });

  it("refuses keys of the wrong length or a compressed point", () => {
    const compressed = toBase64Url(Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 2 : i)));
    for (const keys of [
      { p256dh: point, auth: toBase64Url(new Uint8Array(15)) },
      { p256dh: point.slice(0, 40), auth },
      { p256dh: compressed, auth },
      { p256dh: `${point}AAAA`, auth },
    ]) {
      expect(pushSubscriptionSchema.safeParse({ ...valid, keys }).success).toBe(false);
    }
  });

  it("round-trips base64url", () => {
    expect(fromBase64Url(point)).toEqual(Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i)));
  });
});

describe("what each push says", () => {
  const pregnancyId = "3f1b8c1e-8a55-4d61-9f0e-0c1b7d9e2a10";

  it("follows the payload contract and opens a path in the app", () => {
    const pushes = [
      waitingRoomActivatedPush(pregnancyId, "Heading to the hospital!", "The Parkers: we are heading to the hospital! The waiting room is open."),
      parentUpdatePush(pregnancyId, "Olivia", "x".repeat(600)),
      directMessagePush(pregnancyId, "c0nv", "Noah Parker", "Hi"),
      eventInvitationPush(pregnancyId, "ev1", "T".repeat(200), "Friday"),
    ];
    for (const push of pushes) expect(pushPayloadSchema.parse(push)).toEqual(push);
    expect(pushes[0]?.url).toBe(`/waiting-room?preg=${pregnancyId}`);
    expect(pushes[1]?.body).toHaveLength(PUSH_PREVIEW_MAX_LENGTH);
    expect(pushes[2]?.url).toBe(`/waiting-room?preg=${pregnancyId}&dm=c0nv`);
    expect(pushes[3]?.url).toBe(`/events/ev1?preg=${pregnancyId}`);
  });
});

describe("deviceLabelOf", () => {
  it("names the browser and the system", () => {
    expect(deviceLabelOf("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36")).toBe("Chrome on Android");
    expect(deviceLabelOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")).toBe("Safari on iOS");
    expect(deviceLabelOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0")).toBe("Firefox on Windows");
    expect(deviceLabelOf("")).toBe("Browser");
  });
});
