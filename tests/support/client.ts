import { createTRPCClient, httpBatchLink } from "@trpc/client";
import superjson from "superjson";
import type { AppRouter } from "../../worker/trpc/router";

/** A random client address per test client: rate-limit buckets are stored and keyed by IP. */
export const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

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

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("origin", this.baseUrl);
    headers.set("cf-connecting-ip", this.ip);
    if (this.cookies.size > 0) headers.set("cookie", this.cookieHeader);
    const response = await fetch(new URL(pathname, this.baseUrl), { ...init, headers, redirect: "manual" });
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
