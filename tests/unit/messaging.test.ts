import { describe, expect, it } from "vitest";
import {
  checkSendThrottle,
  conversationPair,
  dmPreview,
  isReactionEmoji,
  isUuid,
  MESSAGE_RETRY_DELAYS_MS,
  MINIMUM_SEND_GAP_MS,
  QUICK_REACTIONS,
  shouldRetry,
  TOO_FAST_MESSAGE,
} from "../../src/domain/messaging";

describe("isUuid", () => {
  it("accepts the 36-character form in either case", () => {
    expect(isUuid("123e4567-e89b-12d3-a456-426614174000")).toBe(true);
    expect(isUuid("123E4567-E89B-12D3-A456-426614174000")).toBe(true);
    expect(isUuid(crypto.randomUUID())).toBe(true);
  });

  it("refuses everything else", () => {
    for (const value of [
      "123e4567e89b12d3a456426614174000",
      "123e4567-e89b-12d3-a456-42661417400",
      "123e4567-e89b-12d3-a456-4266141740000",
      "{123e4567-e89b-12d3-a456-426614174000}",
      "123e4567-e89b-12d3-a456-42661417400g",
      " 123e4567-e89b-12d3-a456-426614174000",
      "",
      null,
      42,
    ]) {
      expect(isUuid(value), String(value)).toBe(false);
    }
  });
});

describe("send throttle", () => {
  it("needs 500 ms between group messages and 400 ms between direct messages", () => {
    expect(MINIMUM_SEND_GAP_MS).toEqual({ group: 500, direct: 400 });
  });

  it("allows the first message and exactly the minimum gap", () => {
    expect(checkSendThrottle(null, 1000, 500)).toBeNull();
    expect(checkSendThrottle(1000, 1500, 500)).toBeNull();
    expect(checkSendThrottle(1000, 1400, MINIMUM_SEND_GAP_MS.direct)).toBeNull();
  });

  it("refuses a message sent too soon", () => {
    expect(checkSendThrottle(1000, 1499, 500)).toBe("You are sending too fast");
    expect(checkSendThrottle(1000, 1000, 400)).toBe(TOO_FAST_MESSAGE);
  });
});

describe("DM preview", () => {
  it("cuts to 140 characters", () => {
    expect(dmPreview("  hello  ")).toBe("hello");
    expect(dmPreview("x".repeat(140))).toHaveLength(140);
    expect(dmPreview("x".repeat(141))).toBe("x".repeat(140));
  });

  it("does not split an emoji at the cut", () => {
    expect(dmPreview(`${"x".repeat(139)}\u{1F476}`)).toBe("x".repeat(139));
  });
});

describe("message retries", () => {
  it("waits 300, 600 and 1200 ms", () => {
    expect(MESSAGE_RETRY_DELAYS_MS).toEqual([300, 600, 1200]);
  });

  it("does not retry error codes starting with 4", () => {
    expect(shouldRetry("42501")).toBe(false);
    expect(shouldRetry("400")).toBe(false);
    expect(shouldRetry(404)).toBe(false);
    expect(shouldRetry("4")).toBe(false);
  });

  it("retries other codes and errors without a code", () => {
    expect(shouldRetry("500")).toBe(true);
    expect(shouldRetry(503)).toBe(true);
    expect(shouldRetry("23505")).toBe(true);
    expect(shouldRetry("PGRST301")).toBe(true);
    expect(shouldRetry("")).toBe(true);
    expect(shouldRetry(null)).toBe(true);
    expect(shouldRetry(undefined)).toBe(true);
  });
});

describe("conversationPair", () => {
  it("stores the two users sorted", () => {
    expect(conversationPair("b", "a")).toEqual({ userA: "a", userB: "b" });
    expect(conversationPair("a", "b")).toEqual({ userA: "a", userB: "b" });
  });
});

describe("reaction emoji", () => {
  it("accepts one emoji, with variation selector, skin tone or joined parts", () => {
    for (const emoji of ["👍", "❤️", "👍🏽", "👨‍👩‍👧"]) expect(isReactionEmoji(emoji), emoji).toBe(true);
  });

  it("refuses text, several emoji and empty input", () => {
    for (const text of ["", "ok", "👍👍", "👍 ", "<b>"]) expect(isReactionEmoji(text), text).toBe(false);
  });
});

describe("quick reactions", () => {
  it("are all single emojis the server accepts", () => {
    for (const emoji of QUICK_REACTIONS) expect(isReactionEmoji(emoji)).toBe(true);
  });
});
