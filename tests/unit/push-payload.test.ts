import { describe, expect, it } from "vitest";
import { pushPayloadSchema } from "../../src/domain/push";
import { parsePushPayload, PUSH_BODY_MAX, PUSH_TAG_MAX, PUSH_TITLE_MAX } from "../../src/domain/pushPayload";

const valid = { kind: "waiting-room-activated", title: "Rosa is heading to the hospital", body: "Follow along.", url: "/waiting-room", tag: "room" };

/** Payloads on both sides of every rule: the service worker's check must answer as the server's schema does. */
const SAMPLES: [string, unknown][] = [
  ["a full payload", valid],
  ["no tag", { ...valid, tag: undefined }],
  ["an empty body", { ...valid, body: "" }],
  ["the longest title, body and tag", { ...valid, title: "t".repeat(PUSH_TITLE_MAX), body: "b".repeat(PUSH_BODY_MAX), tag: "g".repeat(PUSH_TAG_MAX) }],
  ["a path with a query", { ...valid, url: "/events/1?preg=2" }],
  ["null", null],
  ["a string", "hello"],
  ["an unknown kind", { ...valid, kind: "birthday" }],
  ["an empty title", { ...valid, title: "" }],
  ["a title too long", { ...valid, title: "t".repeat(PUSH_TITLE_MAX + 1) }],
  ["a body too long", { ...valid, body: "b".repeat(PUSH_BODY_MAX + 1) }],
  ["a tag too long", { ...valid, tag: "g".repeat(PUSH_TAG_MAX + 1) }],
  ["a tag that is no string", { ...valid, tag: 7 }],
  ["no body", { ...valid, body: undefined }],
  ["a full URL", { ...valid, url: "https://evil.example/" }],
  ["a protocol-relative URL", { ...valid, url: "//evil.example/" }],
  ["a relative path", { ...valid, url: "waiting-room" }],
  ["no url", { ...valid, url: undefined }],
];

describe("the service worker's push payload check", () => {
  it.each(SAMPLES)("answers as pushPayloadSchema does: %s", (_name, sample) => {
    const schema = pushPayloadSchema.safeParse(sample);
    expect(parsePushPayload(sample)).toEqual(schema.success ? schema.data : null);
  });

  it("keeps what the notification needs and nothing else", () => {
    expect(parsePushPayload({ ...valid, extra: "dropped" })).toEqual(valid);
  });
});
