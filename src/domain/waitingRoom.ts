/** Waiting-room states and the system notices the server posts (core spec 4). */
import { daysBetween, isDateOnly } from "./dates";
import type { ItemPrivacyLevel, MeasurementSystem } from "./enums";
import { formatBabyLength, formatBabyWeight, inBothSystems } from "./measurement";
import { defaultBabyName } from "./pregnancy";
import type { Result } from "./result";
import { formatEventTime } from "./time";
import { clockWithZone } from "./timeZones";
import { MINUTES_PER_HOUR, MS_PER_DAY, MS_PER_HOUR, MS_PER_SECOND, SECONDS_PER_MINUTE } from "./units";

export const WAITING_ROOM_INITIAL_LOAD = 50;

export const WAITING_ROOM_REPLY_PAGE_SIZE = 20;

export const FALSE_ALARM_CLOSE_HOURS = 2;

export const FALSE_ALARM_CLOSE_MS = FALSE_ALARM_CLOSE_HOURS * MS_PER_HOUR;

export const BABY_HERE_CLOSE_HOURS = 4;

export const BABY_HERE_CLOSE_MS = BABY_HERE_CLOSE_HOURS * MS_PER_HOUR;

/**
 * Ours: an image uploaded to the waiting room but never sent with a message (attached, then
 * removed) is deleted after a day, and stops counting in storage and in its uploader's quota.
 */
export const UNSENT_ROOM_IMAGE_MS = MS_PER_DAY;

/** Ours: a chat message is held to the comment limit (core spec 5 gives none for it). */
export const WAITING_ROOM_MESSAGE_MAX_LENGTH = 1000;

export const WAITING_ROOM_TOASTS = {
  tooFast: "You are sending too fast",
  messageFailed: "Message failed: Tap to retry sending.",
  reactionFailed: "Reaction failed: Please try again.",
  directMessageFailed: "Message failed: Could not send direct message.",
  noActivePregnancy: "Waiting Room: No active pregnancy found.",
  activationFailed: "Activation failed. Please try again.",
  stateUpdateFailed: "State Update: Failed to update state. Please try again.",
  unexpected: "An unexpected error occurred.",
} as const;

export const WAITING_ROOM_STATES = ["inactive", "active", "false-alarm", "baby-here"] as const;
export type WaitingRoomState = (typeof WAITING_ROOM_STATES)[number];

/** The state a pregnancy's latest session puts its waiting room in; no session = inactive. */
export function waitingRoomState(session: { isActive: boolean; isFalseAlarm: boolean; isBabyHere: boolean } | null | undefined): WaitingRoomState {
  if (!session?.isActive) return "inactive";
  if (session.isBabyHere) return "baby-here";
  return session.isFalseAlarm ? "false-alarm" : "active";
}

/** The system notice posted when a waiting-room session closes (core spec 4: "posts a closed message"). */
export function waitingRoomClosedNotice(reason: "false-alarm" | "baby-here" | "scheduled"): string {
  switch (reason) {
    case "false-alarm":
      return "False alarm: the waiting room is now closed. Thank you for waiting with us!";
    case "baby-here":
      return "The baby is here! The waiting room is now closed. Thank you for waiting with us!";
    case "scheduled":
      return "The waiting room is now closed.";
  }
}

/** A pregnancy's baby as activation reads it: its name, place and whether it is here. */
export interface ActivationBaby {
  name: string;
  birthOrder: number;
  born: boolean;
}

/**
 * The opening's headline (the push's title) and the system parent-update posted, pushed and mailed.
 * Before any birth the parents are heading to the hospital; once a baby is here (twins born hours
 * apart, the room closed after the first) they are back in the room for the babies still expected,
 * named when the parents named them; with every baby here the room is just open again.
 */
export function waitingRoomActivation(familyTitle: string, babies: readonly ActivationBaby[]): { headline: string; notice: string } {
  const born = babies.filter((baby) => baby.born);
  const expected = babies.filter((baby) => !baby.born);
  if (born.length === 0) return { headline: "Heading to the hospital!", notice: `${familyTitle}: we are heading to the hospital! The waiting room is open.` };
  if (expected.length === 0) return { headline: "The waiting room is open again", notice: `${familyTitle}: the waiting room is open again.` };
  const named = (list: readonly ActivationBaby[]) => list.every((baby) => baby.name !== defaultBabyName(baby.birthOrder));
  const here = named(born) ? `${namesInWords(born.map((baby) => baby.name))} ${born.length === 1 ? "is" : "are"} here` : born.length === 1 ? "one baby is here" : `${born.length} babies are here`;
  const waitingFor = named(expected) ? namesInWords(expected.map((baby) => baby.name)) : expected.length === 1 ? "the next baby" : "the babies still to come";
  return { headline: "Back in the waiting room", notice: `${familyTitle}: ${here}, and we are back in the waiting room for ${waitingFor}!` };
}

/** Ours: who activating the room told (guests receiving updates) out of the guests invited. */
export interface ActivationOutcome {
  told: number;
  guests: number;
}

/** Ours: asked before activating, since it emails and notifies the whole family. */
export const ACTIVATION_CONFIRM = {
  title: "Open the waiting room?",
  description: "Everyone you invited who receives updates is emailed and notified that you are heading to the hospital.",
  confirmLabel: "Activate",
} as const;

/** Ours: the parent's confirmation once the room is open, true to who was told (null: it was already open). */
export function activationResultText(outcome: ActivationOutcome | null): string {
  if (!outcome) return "The waiting room was already open.";
  const { told, guests } = outcome;
  if (told > 0) return `The waiting room is open. ${told === 1 ? "1 person was" : `${told} people were`} told.`;
  if (guests === 0) return "The waiting room is open. Nobody is invited yet, so nobody was told: invite family and friends in Settings.";
  return "The waiting room is open. None of your guests receive updates, so nobody was told.";
}

/**
 * A closing time written into a room message, in the parent's time zone and naming it ('3:45 PM
 * New York time'), since relatives read it from other zones (issue 37): never a bare hour. An
 * unknown zone falls back to UTC.
 */
export function formatClosingTime(at: Date, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit", hour12: true };
  try {
    return clockWithZone(new Intl.DateTimeFormat("en-US", { ...options, timeZone }).format(at).replace(/\u202f/g, " "), timeZone);
  } catch {
    return `${new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" }).format(at).replace(/\u202f/g, " ")} UTC`;
  }
}

export function falseAlarmNotice(closingTime: string): string {
  return `False alarm! The waiting room will close at ${closingTime}.`;
}

/** Ours: where the births stand, for the room's own texts: none yet, some with more to come, or every baby here. */
export type BirthsSoFar = "none" | "some" | "all";

export function birthsSoFar(born: readonly boolean[]): BirthsSoFar {
  const count = born.filter(Boolean).length;
  if (count === 0) return "none";
  return count === born.length ? "all" : "some";
}

/** How a baby's sex is shared at the birth: not at all, or as a girl or a boy. */
export const SHARED_SEXES = ["girl", "boy"] as const;
export type SharedSex = (typeof SHARED_SEXES)[number];

export interface BabyDetails {
  name?: string;
  /** Left out when the parents keep it to themselves. */
  sex?: SharedSex;
  /** The day of birth, told only when it was not today (a birth recorded later, in Settings). */
  date?: string;
  /** Stored form 'HH:mm:ss', on the parents' clock. */
  time?: string;
  /** The parents' zone when they told it: the time names it, for readers elsewhere. */
  timeZone: string;
  /** Decimal pounds, as the baby game stores a weight. */
  weightPounds?: number;
  lengthInches?: number;
  /** The units the parent entered them in, written first. */
  measurementSystem?: MeasurementSystem;
}

/** Where an announced baby stands among those expected: how many in all, and the names of those who arrived before. */
export interface BirthOrder {
  expected: number;
  arrivedBefore: readonly string[];
}

const SINGLE_BIRTH: BirthOrder = { expected: 1, arrivedBefore: [] };

/** The notice is one text for every reader (and the push), so sizes are in both units, the parent's first; numbers as in the English texts. */
const NOTICE_LOCALE = "en-US";

/** 'Bean', 'Bean and Sprout', 'Ada, Bea, and Cy'. */
export function namesInWords(names: readonly string[]): string {
  return new Intl.ListFormat(NOTICE_LOCALE, { style: "long", type: "conjunction" }).format(names);
}

/**
 * 'Lily, a girl, arrived at 3:45 PM Chicago time weighing 7 lb 2 oz (3.2 kg) and measuring…', without
 * the full stop; '' when nothing is told. The time is the family's wall clock, so it names their zone.
 */
function arrivalSentence(baby: BabyDetails, namedInHeadline: boolean): string {
  const system = baby.measurementSystem ?? "imperial";
  const sex = baby.sex ? `a ${baby.sex}` : "";
  const subject = baby.name ? (sex ? `${baby.name}, ${sex},` : baby.name) : sex;
  const details = [
    baby.date ? `on ${birthDay(baby.date)}` : "",
    baby.time ? `at ${clockWithZone(formatEventTime(baby.time) ?? baby.time, baby.timeZone)}` : "",
    baby.weightPounds !== undefined ? `weighing ${inBothSystems(formatBabyWeight, baby.weightPounds, system, NOTICE_LOCALE)}` : "",
    baby.lengthInches !== undefined ? `${baby.weightPounds !== undefined ? "and " : ""}measuring ${inBothSystems(formatBabyLength, baby.lengthInches, system, NOTICE_LOCALE)}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  // 'Bean is here! Bean arrived.' says nothing twice: with nothing more to tell, the headline is enough.
  if (namedInHeadline && !details && !sex) return "";
  const sentence = subject ? [`${subject} arrived`, details].filter(Boolean).join(" ") : details;
  // Without a subject the sentence starts with 'at' or 'weighing': a capital, as a sentence does.
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** 'Friday, November 20': a calendar day, the same in every zone. */
const birthDay = (date: string) => new Intl.DateTimeFormat(NOTICE_LOCALE, { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

/** The birth as told outside the room (recorded in Settings): the announcement without a closing time. */
export function birthNotice(baby: BabyDetails, order: BirthOrder = SINGLE_BIRTH): string {
  const sentence = arrivalSentence(baby, order.expected > 1);
  return [birthHeadline(baby.name, order), sentence ? `${sentence}.` : "", birthsTogether(baby.name, order)].filter(Boolean).join(" ");
}

/**
 * The birth announcement pinned in the room, pushed and mailed. One baby: 'The baby is here!'; twins
 * and more: each baby by name as they arrive ('Bean is here!', then 'Sprout is here too!'), with how
 * many are still to come or that they all are here.
 */
export function babyHereNotice(baby: BabyDetails, closingTime: string, order: BirthOrder = SINGLE_BIRTH): string {
  return `${birthNotice(baby, order)} The waiting room will close at ${closingTime}.`;
}

/** How far back a birth can be recorded: a year (the service ends 12 weeks after the due date). */
const BIRTH_DATE_MAX_AGE_DAYS = 366;

export const BIRTH_DATE_MESSAGES = {
  required: "Enter the date of birth.",
  future: "The date of birth can't be in the future.",
  tooOld: "The date of birth must be within the last year.",
} as const;

/** A day of birth recorded in Settings: a real date, not after the family's today, within the last year. */
export function checkBirthDate(date: string, today: string): Result<string> {
  if (!isDateOnly(date)) return { ok: false, error: BIRTH_DATE_MESSAGES.required };
  if (date > today) return { ok: false, error: BIRTH_DATE_MESSAGES.future };
  if (daysBetween(date, today) > BIRTH_DATE_MAX_AGE_DAYS) return { ok: false, error: BIRTH_DATE_MESSAGES.tooOld };
  return { ok: true, value: date };
}

const nameOf = (name: string | undefined, order: BirthOrder) => name ?? `Baby ${order.arrivedBefore.length + 1}`;

/** The announcement's first words, also the push's title and the mail's subject. */
export function birthHeadline(name: string | undefined, order: BirthOrder = SINGLE_BIRTH): string {
  if (order.expected <= 1) return "The baby is here!";
  return order.arrivedBefore.length === 0 ? `${nameOf(name, order)} is here!` : `${nameOf(name, order)} is here too!`;
}

/** With more than one baby: how many are still to come, or that they all are here; '' for one baby. */
function birthsTogether(name: string | undefined, order: BirthOrder): string {
  if (order.expected <= 1) return "";
  const toCome = order.expected - order.arrivedBefore.length - 1;
  if (toCome > 0) return toCome === 1 ? "One more baby to come." : `${toCome} more babies to come.`;
  const all = [...order.arrivedBefore, nameOf(name, order)];
  return `${namesInWords(all)} are ${all.length === 2 ? "both" : "all"} here.`;
}

/** The weekly digest's opening after a birth: who is here, then what the parents told of each. */
export function birthNews(babies: ReadonlyArray<BabyDetails & { name: string }>): string[] {
  const names = babies.map((baby) => baby.name);
  const details = babies.map((baby) => arrivalSentence(baby, true)).filter(Boolean);
  return [`${namesInWords(names)} ${names.length === 1 ? "is" : "are"} here!`, ...details.map((sentence) => `${sentence}.`)];
}

/**
 * The baby-here banner's title and welcome, naming the babies who arrived: 'Bean is here!' while
 * Sprout is expected, 'The babies are here!' once both are; one baby keeps 'The baby is here!'.
 */
export function babyHereBanner(babies: ReadonlyArray<{ name: string; born: boolean }>): { title: string; guest: string } {
  const born = babies.filter((baby) => baby.born).map((baby) => baby.name);
  const welcome = born.length > 0 ? `Welcome to the world, ${namesInWords(born)}!` : "Welcome to the world, little one!";
  const guest = `${welcome} The waiting room closes by itself.`;
  if (babies.length <= 1 || born.length === 0) return { title: "The baby is here!", guest };
  return { title: born.length === babies.length ? "The babies are here!" : `${namesInWords(born)} ${born.length === 1 ? "is" : "are"} here!`, guest };
}

/** Time left until the auto-close, as 'h:mm:ss' (or 'm:ss' under an hour); never negative. */
export function formatCountdown(msLeft: number): string {
  const SECONDS_PER_HOUR = MINUTES_PER_HOUR * SECONDS_PER_MINUTE;
  const total = Math.max(0, Math.ceil(msLeft / MS_PER_SECOND));
  const hours = Math.floor(total / SECONDS_PER_HOUR);
  const minutes = Math.floor((total % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE);
  const seconds = total % SECONDS_PER_MINUTE;
  const pad = (n: number) => String(n).padStart(2, "0");
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/** Ours: a video sent in the room goes to the album shown to the whole family circle, as the room itself is (issue 41). */
export const ROOM_CLIP_AUDIENCE = "acquaintances" satisfies ItemPrivacyLevel;

/** Ours: in place of a clip the parents have since shared with fewer people, or taken out of the album. */
export const ROOM_CLIP_UNAVAILABLE = "This video is no longer shared with you.";
