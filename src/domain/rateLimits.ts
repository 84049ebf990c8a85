/** Rate-limit rules that need no database: whose requests count together, and how long a sign-in waits. */
import { BACKOFF_FACTOR, MS_PER_SECOND, SECONDS_PER_DAY, SECONDS_PER_MINUTE } from "./units";

/**
 * Ours: sign-in attempts to one account, from any address. The first few are free; then each waits
 * twice as long as the one before (30 s, 1 min, 2 min ... at most 15 min). A successful sign-in
 * clears them, and they are forgotten a day after the latest.
 */
export const SIGN_IN_THROTTLE = {
  freeAttempts: 5,
  firstWaitSeconds: 30,
  maxWaitSeconds: 15 * SECONDS_PER_MINUTE,
  forgetAfterSeconds: SECONDS_PER_DAY,
} as const;

/**
 * Auth rate limits in better-auth's shape (window in seconds). The spec only says a code request
 * may answer "please wait a minute", so code requests use a one-minute window; the rest are ours.
 */
export const AUTH_RATE_LIMITS = {
  default: { window: SECONDS_PER_MINUTE, max: 100 },
  signIn: { window: SECONDS_PER_MINUTE, max: 5 },
  codeRequest: { window: SECONDS_PER_MINUTE, max: 3 },
} as const;

/**
 * Ours, per client IP (window in seconds, as AUTH_RATE_LIMITS): a page sends a few events per
 * visit; a person sends a contact message or subscribes a handful of times at most; confirm and
 * unsubscribe links are opened now and then.
 */
export const PUBLIC_RATE_LIMITS = {
  analytics: { window: SECONDS_PER_MINUTE, max: 120 },
  clientErrors: { window: 10 * SECONDS_PER_MINUTE, max: 30 },
  contact: { window: 10 * SECONDS_PER_MINUTE, max: 5 },
  newsletter: { window: 10 * SECONDS_PER_MINUTE, max: 5 },
  newsletterLink: { window: 10 * SECONDS_PER_MINUTE, max: 30 },
  /** The confirmation page asks who made the account once per mailed link. */
  accountConfirmation: { window: 10 * SECONDS_PER_MINUTE, max: 10 },
} as const;

/**
 * Ours, for the procedures anyone may call or that take a secret (window in seconds, as
 * AUTH_RATE_LIMITS). Each rule counts separately per client address and per thing the call names
 * (an invitation, a token), so neither one address nor many addresses aimed at one invitation
 * get far. A partner needs one lookup, a code or two and a try or two.
 */
export const PROCEDURE_RATE_LIMITS = {
  partnerLookup: { window: 10 * SECONDS_PER_MINUTE, max: 10 },
  partnerSendCode: { window: 10 * SECONDS_PER_MINUTE, max: 10 },
  partnerVerifyCode: { window: 10 * SECONDS_PER_MINUTE, max: 10 },
  /** The wizard checks a code 500 ms after typing stops. */
  referralCheck: { window: 10 * SECONDS_PER_MINUTE, max: 30 },
  /** Taking a guest invitation by its link's token or the typed code. */
  invitationToken: { window: 10 * SECONDS_PER_MINUTE, max: 10 },
  /** An RSVP link's invitation and its one-click answers; a household may share an address. */
  rsvpToken: { window: 10 * SECONDS_PER_MINUTE, max: 30 },
  giftCardCheckout: { window: 10 * SECONDS_PER_MINUTE, max: 10 },
  /** The success page asks every 3 s, for at most 5 minutes, until the card is issued. */
  giftCardPurchase: { window: 10 * SECONDS_PER_MINUTE, max: 120 },
  giftCardRedeem: { window: 10 * SECONDS_PER_MINUTE, max: 5 },
  /** Mailing a code to delete the account, and trying one: the code is the account's last lock. */
  accountDeletionCode: { window: 10 * SECONDS_PER_MINUTE, max: 3 },
  accountDeletion: { window: 10 * SECONDS_PER_MINUTE, max: 5 },
  /** Preparing a download of your data: each one reads the whole pregnancy and mails the account. */
  dataExport: { window: 60 * SECONDS_PER_MINUTE, max: 10 },
} as const;

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const IPV4_TAIL = /(\d{1,3}(?:\.\d{1,3}){3})$/;
const HEXTET = /^[0-9a-f]{1,4}$/;
const IPV6_GROUPS = 8;
/** The groups of 16 bits an IPv6 /64 keeps. */
const PREFIX_GROUPS = 4;
/** ::ffff:a.b.c.d: an IPv4 address written as IPv6 (RFC 4291 2.5.5.2). */
const MAPPED_IPV4_MARKER = 0xffff;
const BYTE = 8;
const BYTE_MASK = 0xff;
const HEX = 16;

function ipv4Octets(text: string): number[] | null {
  const match = IPV4.exec(text);
  if (!match) return null;
  const octets = match.slice(1).map(Number);
  return octets.every((octet) => octet <= BYTE_MASK) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address ('::' expanded, a dotted IPv4 tail folded in), or null. */
function ipv6Groups(text: string): number[] | null {
  let address = text.toLowerCase().split("%")[0] ?? "";
  const tail = IPV4_TAIL.exec(address)?.[1];
  if (tail) {
    const octets = ipv4Octets(tail);
    if (!octets) return null;
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    address = `${address.slice(0, -tail.length)}${((a << BYTE) | b).toString(HEX)}:${((c << BYTE) | d).toString(HEX)}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const split = (part: string | undefined) => (part ? part.split(":") : []);
  const head = split(halves[0]);
  const rest = split(halves[1]);
  const missing = IPV6_GROUPS - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  return groups.every((group) => HEXTET.test(group)) ? groups.map((group) => parseInt(group, HEX)) : null;
}

/**
 * The address a request counts against. One IPv6 subscriber is usually given a whole /64 (2^64
 * addresses to hop between), so IPv6 counts by its first 64 bits; IPv4, also when written as
 * IPv6, counts as itself. Anything that is not an address counts as given.
 */
export function rateLimitAddress(ip: string): string {
  const text = ip.trim();
  if (ipv4Octets(text)) return text;
  const groups = ipv6Groups(text);
  if (!groups) return text.toLowerCase();
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === MAPPED_IPV4_MARKER) {
    return [g6 >> BYTE, g6 & BYTE_MASK, g7 >> BYTE, g7 & BYTE_MASK].join(".");
  }
  return `${groups
    .slice(0, PREFIX_GROUPS)
    .map((group) => group.toString(HEX))
    .join(":")}::/64`;
}

/** The sign-in attempts an account has had since its last successful one. */
export interface SignInAttempts {
  count: number;
  /** When the latest was made (ms since the epoch). */
  lastAt: number;
}

const forgotten = (attempts: SignInAttempts | null, now: number): attempts is null => !attempts || now - attempts.lastAt >= SIGN_IN_THROTTLE.forgetAfterSeconds * MS_PER_SECOND;

/**
 * Seconds until an account may try to sign in again (0: now). The first few attempts are free;
 * after them each one waits twice as long as the one before, up to a ceiling, whatever address
 * it comes from. Attempts are forgotten a while after the latest.
 */
export function signInWaitSeconds(attempts: SignInAttempts | null, now: number): number {
  if (forgotten(attempts, now) || attempts.count < SIGN_IN_THROTTLE.freeAttempts) return 0;
  const waitSeconds = Math.min(SIGN_IN_THROTTLE.firstWaitSeconds * BACKOFF_FACTOR ** (attempts.count - SIGN_IN_THROTTLE.freeAttempts), SIGN_IN_THROTTLE.maxWaitSeconds);
  return Math.max(0, Math.ceil((attempts.lastAt + waitSeconds * MS_PER_SECOND - now) / MS_PER_SECOND));
}

/** The attempts once one more is made now. */
export function withSignInAttempt(attempts: SignInAttempts | null, now: number): SignInAttempts {
  return { count: forgotten(attempts, now) ? 1 : attempts.count + 1, lastAt: now };
}
