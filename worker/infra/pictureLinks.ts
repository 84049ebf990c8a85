/**
 * Signed, short-lived links to pictures (src/domain/pictureLinks.ts). A link names the stored file
 * (its key is also its version: every copy gets a new name), the viewer and an expiry rounded to a
 * window, signed with HMAC under the app's secret (infra/signedLinks.ts). The viewer is their
 * session: a digest of the session cookie the list was read with, which the browser presents again
 * with each picture, so a link copied to anyone else, or kept after signing out, shows nothing.
 * Following a link reads no database: the audience was checked when the link was handed out.
 */
import { getSessionCookie } from "better-auth/cookies";
import { toBase64Url } from "../../src/domain/bytes";
import { PICTURE_KINDS, PICTURE_LINK_PATH, pictureLinkExpiry, type PictureKind } from "../../src/domain/pictureLinks";
import { photoKey, storedImageName, waitingRoomImageKey } from "./storage";
import { signLink, verifySignedLink } from "./signedLinks";

/** 128 bits of the session cookie's SHA-256: names the session without carrying its secret. */
const VIEWER_DIGEST_BYTES = 16;

async function viewerOf(sessionCookie: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(sessionCookie)));
  return toBase64Url(digest.subarray(0, VIEWER_DIGEST_BYTES));
}

/** The stored name of a picture: the last part of its key. */
const fileNameOf = (storageKey: string) => storageKey.slice(storageKey.lastIndexOf("/") + 1);

export interface PictureLinks {
  /** The link this request's viewer is shown for a stored picture of the pregnancy (its R2 key). */
  link(kind: PictureKind, pregnancyId: string, storageKey: string): Promise<string>;
}

/**
 * The request's link maker. Without a session cookie (a job, a signed-out caller) there is no
 * viewer to sign for, and asking for a link is a mistake in the caller.
 */
export function createPictureLinks(secret: string, request: Request | null, now: Date): PictureLinks {
  // Read on the first link only: most requests show no picture.
  let viewer: Promise<string> | undefined;
  const expiresAt = new Date(pictureLinkExpiry(now) * 1000);
  return {
    async link(kind, pregnancyId, storageKey) {
      if (!viewer) {
        const cookie = request ? getSessionCookie(request) : null;
        if (!cookie) throw new Error("A picture link needs the viewer's session");
        viewer = viewerOf(cookie);
      }
      const token = await signLink(secret, "picture", [kind, pregnancyId, fileNameOf(storageKey), await viewer], expiresAt);
      return `${PICTURE_LINK_PATH}${token}`;
    },
  };
}

export interface PictureToServe {
  /** The R2 key, rebuilt from the checked fields: a link can only name a pregnancy's own pictures. */
  key: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/**
 * The picture a token names when it is ours, unexpired at `now` and presented by the session it
 * was made for; null otherwise (tampered, expired, another photo's signature, another viewer's).
 */
export async function pictureToServe(secret: string, token: string, request: Request, now: Date): Promise<PictureToServe | null> {
  const cookie = getSessionCookie(request);
  if (!cookie) return null;
  const verified = await verifySignedLink(secret, "picture", token, now);
  if (!verified) return null;
  const [kind, pregnancyId, fileName, viewer] = verified.fields;
  const name = storedImageName.safeParse(fileName);
  if (!PICTURE_KINDS.includes(kind as PictureKind) || pregnancyId === undefined || viewer === undefined || !name.success) return null;
  if (viewer !== (await viewerOf(cookie))) return null;
  const key = kind === "photo" ? photoKey(pregnancyId, name.data) : waitingRoomImageKey(pregnancyId, name.data);
  return { key, expiresAt: verified.expiresAt };
}
