import { describe, expect, it } from "vitest";
import { rateLimitAddress, SIGN_IN_THROTTLE, type SignInAttempts, signInWaitSeconds, withSignInAttempt } from "../../src/domain/rateLimits";
import { MS_PER_SECOND } from "../../src/domain/units";

describe("the address a request counts against", () => {
  it("counts IPv4 as itself", () => {
    expect(rateLimitAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitAddress(" 203.0.113.7 ")).toBe("203.0.113.7");
  });

  it("counts IPv6 by its /64, however the address is written", () => {
    const prefix = "2001:db8:85a3:8d3::/64";
    for (const ip of ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:0DB8:85A3:08D3:ffff:ffff:ffff:ffff", "2001:db8:85a3:8d3::1", "2001:db8:85a3:8d3::", "2001:db8:85a3:8d3:1::1%eth0"]) {
      expect(rateLimitAddress(ip), ip).toBe(prefix);
    }
    expect(rateLimitAddress("2001:db8:85a3:8d4::1")).toBe("2001:db8:85a3:8d4::/64");
    expect(rateLimitAddress("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitAddress("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });

  it("counts an IPv4 address written as IPv6 as the IPv4 address", () => {
    expect(rateLimitAddress("::ffff:198.51.100.4")).toBe("198.51.100.4");
    expect(rateLimitAddress("::ffff:c633:6404")).toBe("198.51.100.4");
  });

  it("counts what is not an address as given", () => {
    for (const text of ["unknown", "1.2.3.999", "1:2:3", "1::2::3", "2001:db8::g"]) expect(rateLimitAddress(text)).toBe(text);
  });
});

describe("sign-in attempts to one account", () => {
  const now = 1_000_000_000_000;
  const attempts = (count: number, secondsAgo = 0): SignInAttempts => ({ count, lastAt: now - secondsAgo * MS_PER_SECOND });

  it("lets the first few through at once", () => {
    expect(signInWaitSeconds(null, now)).toBe(0);
    expect(signInWaitSeconds(attempts(SIGN_IN_THROTTLE.freeAttempts - 1), now)).toBe(0);
  });

  it("then waits twice as long after each, up to the ceiling", () => {
    const free = SIGN_IN_THROTTLE.freeAttempts;
    expect(signInWaitSeconds(attempts(free), now)).toBe(SIGN_IN_THROTTLE.firstWaitSeconds);
    expect(signInWaitSeconds(attempts(free + 1), now)).toBe(2 * SIGN_IN_THROTTLE.firstWaitSeconds);
    expect(signInWaitSeconds(attempts(free + 2, 10), now)).toBe(4 * SIGN_IN_THROTTLE.firstWaitSeconds - 10);
    expect(signInWaitSeconds(attempts(free + 40), now)).toBe(SIGN_IN_THROTTLE.maxWaitSeconds);
    expect(signInWaitSeconds(attempts(free, SIGN_IN_THROTTLE.firstWaitSeconds), now)).toBe(0);
  });

  it("counts each attempt and forgets them a while after the latest", () => {
    expect(withSignInAttempt(null, now)).toEqual({ count: 1, lastAt: now });
    expect(withSignInAttempt(attempts(7, 5), now)).toEqual({ count: 8, lastAt: now });
    const old = attempts(50, SIGN_IN_THROTTLE.forgetAfterSeconds);
    expect(signInWaitSeconds(old, now)).toBe(0);
    expect(withSignInAttempt(old, now)).toEqual({ count: 1, lastAt: now });
  });
});
