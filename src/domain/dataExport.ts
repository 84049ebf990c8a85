/**
 * Downloading your data (issue 20): one zip of a pregnancy, made as a stream by the Worker. A
 * parent takes the whole pregnancy; a guest takes what they added and their own account; anyone
 * can take their account alone. The rules here decide who gets which, and how its files are named
 * and written.
 */
import type { ParticipantRole } from "./enums";
import { isParentRole } from "./permissions";
import { escapeHtml } from "./sanitize";
import { MS_PER_DAY, MS_PER_MINUTE } from "./units";

/** A prepared download link works this long; it can be started again as often as needed until then. */
export const EXPORT_LINK_MINUTES = 60;
export const EXPORT_LINK_MS = EXPORT_LINK_MINUTES * MS_PER_MINUTE;

/**
 * After a cancellation closes a pregnancy, its owner can still download it for this many days
 * (every other feature is closed, per the terms).
 */
export const EXPORT_AFTER_CLOSURE_DAYS = 60;

/**
 * A large export comes as several zips of at most this many bytes of files each: every part is a
 * download that can be retried on its own, stays well under the Worker's CPU time for the
 * checksums (about 8 s a part), and under the 4 GB some file systems and unzip tools still cannot open.
 */
export const EXPORT_PART_MAX_BYTES = 2 * 1024 ** 3;

/** What one export holds: the whole pregnancy, one person's part of it, or the account alone. */
export type ExportKind = "family" | "own" | "account";

export interface ExportParticipation {
  role: ParticipantRole;
  participantStatus: string;
  pregnancyStatus: string;
  closedAt: Date | null;
  /** Whether the pregnancy is still within its service or read-only years. */
  withinLifetime: boolean;
}

/** The last moment the owner of a closed pregnancy can download it. */
export const closedExportUntil = (closedAt: Date): Date => new Date(closedAt.getTime() + EXPORT_AFTER_CLOSURE_DAYS * MS_PER_DAY);

/**
 * Which export a participation allows, or null: parents of an open (or read-only) pregnancy take it
 * all, its guests their own part; once cancelled, only its owner, and only for the stated days.
 */
export function exportKindFor(participation: ExportParticipation, now: Date): Exclude<ExportKind, "account"> | null {
  if (participation.participantStatus !== "active" || !participation.withinLifetime) return null;
  if (participation.pregnancyStatus === "closed") {
    const open = participation.role === "owner" && participation.closedAt !== null && now.getTime() <= closedExportUntil(participation.closedAt).getTime();
    return open ? "family" : null;
  }
  if (participation.pregnancyStatus !== "active") return null;
  return isParentRole(participation.role) ? "family" : "own";
}

const MIME_EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "image/heic": "heic", "image/heif": "heic", "video/mp4": "mp4", "video/quicktime": "mov", "video/webm": "webm" };

/** Lower-case words joined by dashes, at most 40 characters: safe in a file name on every system. */
export function slugify(text: string | null | undefined, fallback: string): string {
  const slug = (text ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return slug || fallback;
}

/** `photos/2026-05-01-first-scan-1a2b3c4d.jpg`: sorts by date, says what it is, never collides (the id). */
export function photoFileName(photo: { id: string; title: string | null; uploadDate: Date; mimeType: string }): string {
  const extension = MIME_EXTENSIONS[photo.mimeType] ?? "bin";
  return `${photo.uploadDate.toISOString().slice(0, 10)}-${slugify(photo.title, "photo")}-${photo.id.slice(0, 8)}.${extension}`;
}

/** The image behind a waiting-room message keeps its stored name (a random id and the type). */
export const storedFileName = (storagePath: string): string => storagePath.slice(storagePath.lastIndexOf("/") + 1);

/** Which part of how many; a download in one piece is part 1 of 1. */
export interface ExportPart {
  number: number;
  of: number;
}

export function exportFileName(kind: ExportKind, title: string | null, now: Date, part: ExportPart = { number: 1, of: 1 }): string {
  const day = now.toISOString().slice(0, 10);
  const suffix = part.of > 1 ? `-part-${part.number}-of-${part.of}` : "";
  if (kind === "account") return `babysteps-account-${day}${suffix}.zip`;
  return `babysteps-${slugify(title, "pregnancy")}${kind === "own" ? "-my-part" : ""}-${day}${suffix}.zip`;
}

/**
 * Splits the files into parts of at most `maxBytes`: the records (the small files we write) all go
 * in the first part, then the stored files in their order, a new part starting when the next file
 * would not fit. A file bigger than a part on its own gets a part of its own.
 */
export function splitIntoParts<File extends { size: number; stored: boolean }>(files: readonly File[], maxBytes: number = EXPORT_PART_MAX_BYTES): File[][] {
  const parts: File[][] = [files.filter((file) => !file.stored)];
  let used = parts[0]!.reduce((sum, file) => sum + file.size, 0);
  for (const file of files.filter((candidate) => candidate.stored)) {
    const current = parts[parts.length - 1]!;
    if (current.length > 0 && used + file.size > maxBytes) {
      parts.push([file]);
      used = file.size;
    } else {
      current.push(file);
      used += file.size;
    }
  }
  return parts;
}

/** The birth plan as a page to print: every answered section, the parents' names, escaped. */
export function birthPlanPage(plan: { title: string; parents: string; dueDate: string; sections: ReadonlyArray<{ title: string; questions: ReadonlyArray<{ label: string; answer: string }> }> }): string {
  const sections = plan.sections
    .map((section) => `<section><h2>${escapeHtml(section.title)}</h2><dl>${section.questions.map((question) => `<dt>${escapeHtml(question.label)}</dt><dd>${escapeHtml(question.answer)}</dd>`).join("")}</dl></section>`)
    .join("\n");
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>Birth plan: ${escapeHtml(plan.title)}</title>`,
    "<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;line-height:1.5}dt{font-weight:600;margin-top:.75rem}dd{margin:0}section{break-inside:avoid}</style>",
    "</head><body>",
    `<h1>Birth plan</h1><p>${escapeHtml(plan.parents)}. Due ${escapeHtml(plan.dueDate)}.</p>`,
    sections || "<p>No answers yet.</p>",
    "</body></html>",
    "",
  ].join("\n");
}

/** What each file of the zip is, for the README inside it. */
export const EXPORT_FILE_NOTES: Record<string, string> = {
  "account.json": "Your account: name, email, when you joined, your notification settings.",
  "pregnancy.json": "The pregnancy: title, due date, babies with their births as told (a time of birth is on the parents' clock, in the zone beside it; toldTo null is everyone allowed updates), and the people in it with their roles and permissions.",
  "photos/photos.json": "One entry per photo: its file in this folder, title, description, date, week, tags, who can see it, who uploaded it, likes and comments.",
  "photos/": "The photo files as uploaded (without location or camera details, which we remove on upload).",
  "posts.json": "Posts with their comments and likes.",
  "calendar/events.json": "Calendar events with everyone's RSVP.",
  "calendar/calendar.ics": "The same events as a calendar file: open it with any calendar app.",
  "calendar/rsvps.json": "The events you were invited to and your answers.",
  "registry.json": "Registry items and suggestions.",
  "baby-game.json": "Baby prediction game guesses and, once the babies are here, the results.",
  "waiting-room/messages.json": "The waiting room's messages and reactions.",
  "waiting-room/direct-messages.json": "Your private waiting-room conversations.",
  "waiting-room/images/": "Pictures sent in the waiting room.",
  "health/": "Health records and trackers as CSV files (open with any spreadsheet), and the birth plan as a page to print.",
};

const KIND_INTRO: Record<ExportKind, string> = {
  family: "Everything in this pregnancy, as its parents see it.",
  own: "What you added to this pregnancy, and your account.",
  account: "Your account.",
};

/** README.txt: what was exported, when, and what each file is. Plain text, so it opens anywhere. */
export function exportReadme(input: { kind: ExportKind; title: string | null; madeAt: Date; files: readonly string[]; part?: ExportPart }): string {
  const present = Object.entries(EXPORT_FILE_NOTES).filter(([name]) => input.files.some((file) => (name.endsWith("/") ? file.startsWith(name) : file === name)));
  const part = input.part && input.part.of > 1 ? [`Part ${input.part.number} of ${input.part.of}: the records are in part 1, the photos and pictures spread over all parts.`] : [];
  return [
    `BabySteps export${input.title ? `: ${input.title}` : ""}`,
    `Made ${input.madeAt.toISOString()}.`,
    ...part,
    "",
    KIND_INTRO[input.kind],
    "Dates and times are in UTC (ISO 8601). JSON files open in any text editor.",
    "",
    ...present.map(([name, note]) => `${name}\n    ${note}`),
    "",
  ].join("\n");
}

export const DATA_EXPORT_MESSAGES = {
  heading: "Download your data",
  familyDescription: "Everything in this pregnancy in one zip: every photo as uploaded, posts, calendar, registry, game, waiting room and health records.",
  ownDescription: "What you added to this pregnancy (photos, posts, comments, RSVPs, guesses, messages) and your account, in one zip.",
  accountDescription: "Your account details in one zip.",
  prepare: "Prepare download",
  download: "Download zip",
  downloadPart: (part: ExportPart) => `Download part ${part.number} of ${part.of}`,
  linkValid: (until: string) => `The link works until ${until}. If the download stops, start it again.`,
  closedUntil: (title: string, until: string) => `${title} is closed. You can download it until ${until}; after that no one can open or download it, you included.`,
  notAllowed: "You cannot download this pregnancy.",
  linkExpired: "This download link has expired. Prepare a new one in Settings.",
  mailSubject: "Your BabySteps data was downloaded",
  mail: (what: string, when: string) => [`A download of ${what} was prepared on ${when}.`, "If this was not you, change your password now: someone may be signed in as you."],
  cancelOffer: "Before you cancel, download everything you want to keep.",
} as const;
