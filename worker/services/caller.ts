import type { AuthSession } from "../auth";
import type { Db } from "../db";
import type { Bindings } from "../env";
import type { Mailer, Outbox } from "../infra/outbox";
import type { PictureLinks } from "../infra/pictureLinks";
import type { LiveSession, PregnancyAccess } from "./access";

/**
 * What every service call runs with, built once per request (worker/context.ts) and handed down by
 * the tRPC procedures and the HTTP routes alike. Services take `(caller, input)`.
 */
export interface RequestScope {
  db: Db;
  env: Bindings;
  /** Public origin of the app, for links in mail. */
  origin: string;
  /** Work that may finish after the response (fan-out to rooms). */
  waitUntil(promise: Promise<unknown>): void;
  /** Records mail in the durable outbox (the same object as `outbox`, for code that only mails). */
  mailer: Mailer;
  /** The durable outbox: mail and push rows, enqueued once the request or job is over. */
  outbox: Outbox;
  /** The request's moment, what a family's "today" is taken at (the local stack's tests may set it: worker/infra/clock.ts). */
  now: Date;
  /** Signed links to pictures for this request's viewer (a job has no viewer and makes none). */
  pictures: PictureLinks;
}

/** A signed-in caller. */
export interface UserCaller extends RequestScope {
  /**
   * Who is calling. On an account read (a signed-in query) this is the signed cookie cache's copy,
   * up to its 5 minutes old: what must be as stored now comes from `liveSession.user()`.
   */
  user: AuthSession["user"];
  /** Whether the session still stands: an account read confirms it in its own statement. */
  liveSession: LiveSession;
}

/**
 * A signed-in caller acting in one pregnancy, whose active participation and effective
 * permissions were checked by the procedure (or route) that built it; every query filters by
 * `access.id`.
 */
export interface PregnancyCaller extends UserCaller {
  access: PregnancyAccess;
}

/**
 * What the audience rules need of a caller: who they are and their access in the pregnancy. A
 * PregnancyCaller is one; the weekly digest and its mailed links, which run without a session,
 * build one from a participation they loaded themselves.
 */
export interface AudienceCaller {
  user: { id: string };
  access: PregnancyAccess;
}
