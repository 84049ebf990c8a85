/**
 * Files shared to the installed app from the phone's share sheet (Web Share Target, issue 41): the
 * service worker keeps the POSTed files on the device under a share id (the Cache API, which holds
 * large files on disk), and the photos page takes them once (reading deletes them) into the upload
 * dialog. A share left untaken (the app closed first) is dropped with the next one after a day.
 */
import { MS_PER_DAY } from "../domain/units";

/** The manifest's share_target action: answered by the service worker, never by the Worker's app. */
export const SHARE_TARGET_PATH = "/share-target";
/** The form field the manifest's share_target names for the files. */
export const SHARE_TARGET_FILES_FIELD = "media";
/** The photos page's search parameter naming a share. */
export const SHARE_SEARCH_PARAM = "share";
/** What the Worker sends the share id as when no service worker took the files (a browser without it). */
export const SHARE_UNAVAILABLE = "unavailable";

const CACHE_NAME = "shared-files";
const NAME_HEADER = "x-file-name";
const SHARED_AT_HEADER = "x-shared-at";
const KEEP_MS = MS_PER_DAY;

/** A share id: what randomUUID gives, or the Worker's "unavailable". */
export const isShareId = (value: unknown): value is string => typeof value === "string" && /^[0-9a-f-]{1,36}$|^unavailable$/.test(value);

const entryUrl = (shareId: string, index: number) => `${SHARE_TARGET_PATH}/${shareId}/${index}`;
const shareOf = (url: string) => new URL(url).pathname.split("/")[2];
const indexOf = (url: string) => Number(new URL(url).pathname.split("/")[3]);

/** Keeps the shared files on the device and returns their share id; shares older than a day are dropped. */
export async function storeSharedFiles(files: readonly File[], now = Date.now()): Promise<string> {
  const cache = await caches.open(CACHE_NAME);
  for (const request of await cache.keys()) {
    const stored = await cache.match(request);
    if (now - Number(stored?.headers.get(SHARED_AT_HEADER) ?? 0) > KEEP_MS) await cache.delete(request);
  }
  const shareId = crypto.randomUUID();
  // Each Response takes its file's type as its Content-Type.
  await Promise.all(files.map((file, index) => cache.put(entryUrl(shareId, index), new Response(file, { headers: { [NAME_HEADER]: encodeURIComponent(file.name), [SHARED_AT_HEADER]: String(now) } }))));
  return shareId;
}

/** The files of a share, in the order they were shared, taken off the device (none when already taken or never stored). */
export async function takeSharedFiles(shareId: string): Promise<File[]> {
  if (!(await caches.has(CACHE_NAME))) return [];
  const cache = await caches.open(CACHE_NAME);
  const entries = (await cache.keys()).filter((request) => shareOf(request.url) === shareId).sort((a, b) => indexOf(a.url) - indexOf(b.url));
  const files: File[] = [];
  for (const request of entries) {
    const stored = await cache.match(request);
    if (stored) files.push(new File([await stored.blob()], decodeURIComponent(stored.headers.get(NAME_HEADER) ?? "shared"), { type: stored.headers.get("content-type") ?? "" }));
    await cache.delete(request);
  }
  return files;
}
