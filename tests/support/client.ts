import { createTRPCClient, httpBatchLink } from "@trpc/client";
import superjson from "superjson";
import type { AppRouter } from "../../worker/trpc/router";

/** A random client address per test client: rate-limit buckets are stored and keyed by IP. */
export const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** What wrangler dev's proxy answers when its connection to workerd drops before the request got through. */
const DEV_PROXY_LOST = "Your worker restarted mid-request.";

/**
 * wrangler dev (never production) sometimes loses a POST between its proxy and workerd on a stale
 * keep-alive connection, without the worker restarting (cloudflare/workers-sdk#14641), and retries
 * only GETs itself. The request never reached our code, so one replay of a body we hold as text is
 * what a browser's user would do; anything else is returned as it came.
 */
async function lostByDevProxy(response: Response, init: RequestInit): Promise<boolean> {
  if (response.status !== 503 || (init.body !== undefined && typeof init.body !== "string")) return false;
  return (await response.clone().text()).startsWith(DEV_PROXY_LOST);
}

/**
 * A person using the API over HTTP: keeps the session cookie like a browser does and sends the
 * same-origin Origin header better-auth expects from our own pages.
 */
export class ApiClient {
  private cookies = new Map<string, string>();

  readonly trpc;

  /** `ip` is the address the requests come from (random unless a test needs a particular one). */
  constructor(
    readonly baseUrl: string,
    readonly ip = randomIp(),
  ) {
    this.trpc = createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: new URL("/api/trpc", baseUrl).toString(),
          transformer: superjson,
          fetch: (url, init) => this.fetch(String(url), init as RequestInit),
        }),
      ],
    });
  }

  /**
   * Drops the signed session cache (better-auth's session_data cookie), as its 5 minutes running out
   * would: the next request reads the session from the database. For tests that change the user
   * row behind the session's back.
   */
  forgetSessionCache(): void {
    for (const name of [...this.cookies.keys()]) if (name.endsWith("session_data")) this.cookies.delete(name);
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("origin", this.baseUrl);
    headers.set("cf-connecting-ip", this.ip);
    if (this.cookies.size > 0) headers.set("cookie", this.cookieHeader);
    let response = await fetch(new URL(pathname, this.baseUrl), { ...init, headers, redirect: "manual" });
    if (await lostByDevProxy(response, init)) response = await fetch(new URL(pathname, this.baseUrl), { ...init, headers, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const index = pair?.indexOf("=") ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value === "" || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  postJson(pathname: string, body: unknown): Promise<Response> {
    return this.fetch(pathname, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  }

  async signIn(email: string, password: string): Promise<Response> {
    return this.postJson("/api/auth/sign-in/email", { email, password });
  }
}
