import { describe, expect, it } from "vitest";
import { ApiClient } from "../support/client";
import { baseUrl } from "../support/env";
import { confirmEmail, createOtherFamily, signUp } from "../support/families";

/**
 * Account reads take the caller from the signed cookie cache and confirm the session in their own
 * statement (issue 40): a session ended on another device must still be refused on its very next
 * read, while its cache (5 minutes) would vouch for it. Every account read is here: those whose
 * statement finds rows, those that find none (then asked separately) and one with no statement.
 */
const ACCOUNT_READS = [
  "pregnancy.mine",
  "account.me",
  "account.modeContext",
  "account.notificationPreferences",
  "pregnancy.closedOwned",
  "pregnancy.setupStatus",
  "inspiration.favorites.list",
  "billing.checkSubscription",
  "billing.subscription",
  "giftCards.credit",
  "dataExport.options",
  "partners.pendingForMe",
  "push.publicKey",
];

interface Answer {
  status: number;
  body: { result?: { data?: { json?: unknown } }; error?: { json?: { data?: { code?: string } } } };
  setCookies: string[];
}

/** One read as a browser holding `cookie` sends it: a GET, as the app's link does. */
async function read(cookie: string, path: string): Promise<Answer> {
  const response = await fetch(`${baseUrl()}/api/trpc/${path}`, { headers: { cookie, origin: baseUrl() } });
  return { status: response.status, body: (await response.json()) as Answer["body"], setCookies: response.headers.getSetCookie() };
}

const WAYS_TO_END: [string, (here: ApiClient, password: string) => Promise<Response>][] = [
  ["signing out everywhere else", (here) => here.postJson("/api/auth/revoke-other-sessions", {})],
  ["a password change", (here, password) => here.postJson("/api/auth/change-password", { currentPassword: password, newPassword: "Signed-out-elsewhere-3", revokeOtherSessions: true })],
];

describe("a session ended elsewhere", () => {
  it.each(WAYS_TO_END)("by %s is refused on its next account read while its cookie cache still vouches for it", async (_way, end) => {
    const { owner: here, email, password, pregnancyId } = await createOtherFamily();
    await confirmEmail(here, email);
    const elsewhere = new ApiClient(baseUrl());
    expect((await elsewhere.signIn(email, password)).status).toBe(200);
    const cookie = elsewhere.cookieHeader;
    // The signed cache came with the sign-in.
    expect(cookie).toContain("session_data=");
    for (const path of ACCOUNT_READS) expect({ path, status: (await read(cookie, path)).status }).toEqual({ path, status: 200 });
    expect((await read(cookie, "pregnancy.mine")).body.result?.data?.json).toMatchObject({ parentPregnancy: { id: pregnancyId } });

    expect((await end(here, password)).status).toBe(200);
    // better-auth alone still takes the cache's word for the session: only our check stands between.
    const cached = await fetch(`${baseUrl()}/api/auth/get-session`, { headers: { cookie, origin: baseUrl() } });
    expect(await cached.json()).toMatchObject({ user: { email } });

    for (const path of ACCOUNT_READS) {
      const answer = await read(cookie, path);
      expect({ path, status: answer.status, code: answer.body.error?.json?.data?.code }).toEqual({ path, status: 401, code: "UNAUTHORIZED" });
    }
    const session = await read(cookie, "account.session");
    expect(session.status).toBe(200);
    expect(session.body.result?.data?.json).toBeNull();
    // The refusal also expires the browser's session cookies.
    expect((await read(cookie, "pregnancy.mine")).setCookies.some((set) => /session_token=;/.test(set) || (/session_token=/.test(set) && /max-age=0/i.test(set)))).toBe(true);

    // The session that ended the others reads on.
    expect(await here.trpc.pregnancy.mine.query()).toMatchObject({ parentPregnancy: { id: pregnancyId } });
  });
});

/** A browser's cookies by name, from the header it sends. */
const cookiesOf = (header: string) => new Map(header.split("; ").map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as const));
const headerOf = (cookies: Map<string, string>) => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
const TOKEN = "better-auth.session_token";
const CACHE = "better-auth.session_data";

describe("the signed cookie cache", () => {
  it("vouches only beside the signed session token it was issued for", async () => {
    const { owner, ownerId, pregnancyId } = await createOtherFamily();
    const other = await signUp("othersession");
    const mine = cookiesOf(owner.cookieHeader);
    const theirs = cookiesOf(other.client.cookieHeader);
    expect(mine.get(CACHE)).toBeTruthy();
    expect((await read(headerOf(mine), "pregnancy.mine")).body.result?.data?.json).toMatchObject({ parentPregnancy: { id: pregnancyId } });

    // The right token with a signature that is not the server's: no session, whatever the cache says.
    const signed = decodeURIComponent(mine.get(TOKEN) ?? "");
    const forged = `${signed.slice(0, signed.lastIndexOf("."))}.${btoa(String.fromCharCode(...new Uint8Array(32).fill(7)))}`;
    const tampered = new Map(mine).set(TOKEN, encodeURIComponent(forged));
    for (const path of ["pregnancy.mine", "account.modeContext", "pregnancy.access"]) {
      const answer = await read(headerOf(tampered), path === "pregnancy.access" ? `${path}?input=${encodeURIComponent(JSON.stringify({ json: { pregnancyId } }))}` : path);
      expect({ path, code: answer.body.error?.json?.data?.code }).toEqual({ path, code: "UNAUTHORIZED" });
    }

    // Another session's token beside this cache: the token's own session answers, not the cache's.
    const crossed = new Map(theirs).set(CACHE, mine.get(CACHE) ?? "");
    const session = (await read(headerOf(crossed), "account.session")).body.result?.data?.json as { user: { id: string } } | null;
    expect(session?.user.id).toBe(other.userId);
    expect(session?.user.id).not.toBe(ownerId);
    expect((await read(headerOf(crossed), "pregnancy.mine")).body.result?.data?.json).toMatchObject({ parentPregnancy: null });
  });
});
