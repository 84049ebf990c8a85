/**
 * The parents' health records (issue 9): quick logs of cravings and symptoms, the birth plan, the
 * hospital bag and the medical contacts. The spec names only their routes, so the vocabulary,
 * suggestions and limits are ours, chosen from what the best pregnancy apps offer. Pure rules:
 * the forms and the worker validate with the same schemas.
 */
import { z } from "zod";
import {
  BIRTH_PLAN_TEXT_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  HEALTH_LOG_NAME_MAX_LENGTH,
  HEALTH_LOG_SYNC_BATCH_MAX,
  HOSPITAL_BAG_ITEM_NAME_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  MS_PER_HOUR,
  NAME_MAX_LENGTH,
  NOTES_MAX_LENGTH,
  PERCENT,
  PHONE_MAX_LENGTH,
  SYMPTOM_SEVERITY_MAX,
  SYMPTOM_SEVERITY_MIN,
} from "./constants";
import { dateOnlySchema } from "./dateSchema";
import { weeksPregnant } from "./dates";
import { toCsv } from "./healthTrackers";
import { HOSPITAL_BAG_OWNERS, MEDICAL_CONTACT_KINDS, type HealthLogKind, type HospitalBagOwner, type MedicalContactKind } from "./enums";
import { sanitizePlainText } from "./sanitize";

export const HEALTH_RECORD_MESSAGES = {
  nameRequired: "Please enter a name",
  severityOutOfRange: `Please choose a severity from ${SYMPTOM_SEVERITY_MIN} to ${SYMPTOM_SEVERITY_MAX}`,
  invalidPhone: "Please enter a valid phone number",
  invalidEmail: "Please enter a valid email address",
  invalidLogDate: "The time of this entry does not match its day",
  futureLog: "This entry is dated in the future",
  tooManyItems: "Your hospital bag lists are full. Remove an item to add another.",
  tooManyContacts: "You have reached the limit of medical contacts. Remove one to add another.",
  idTaken: "This id is already used",
} as const;

// ---------------------------------------------------------------------------------------------
// Cravings and symptoms

export const HEALTH_LOG_LABELS: Readonly<Record<HealthLogKind, { singular: string; plural: string }>> = {
  craving: { singular: "Craving", plural: "Cravings" },
  symptom: { singular: "Symptom", plural: "Symptoms" },
};

/** One-tap suggestions for the quick log: the cravings and symptoms pregnant people log most. */
export const HEALTH_LOG_SUGGESTIONS: Readonly<Record<HealthLogKind, readonly string[]>> = {
  craving: ["Pickles", "Ice cream", "Chocolate", "Citrus fruit", "Spicy food", "Salty snacks", "Cold milk", "Ice", "Pizza", "Sour sweets"],
  symptom: ["Nausea", "Fatigue", "Heartburn", "Back pain", "Headache", "Swollen feet", "Leg cramps", "Trouble sleeping", "Braxton Hicks", "Round ligament pain", "Dizziness", "Mood swings"],
};

export const SEVERITY_LABELS: Readonly<Record<number, string>> = { 1: "Very mild", 2: "Mild", 3: "Moderate", 4: "Strong", 5: "Severe" };

export const SYMPTOM_SEVERITIES = Array.from({ length: SYMPTOM_SEVERITY_MAX - SYMPTOM_SEVERITY_MIN + 1 }, (_, i) => SYMPTOM_SEVERITY_MIN + i);

/** 'Moderate (3 of 5)'. */
export const severityLabel = (severity: number) => `${SEVERITY_LABELS[severity] ?? severity} (${severity} of ${SYMPTOM_SEVERITY_MAX})`;

const logName = z.string().trim().min(1, HEALTH_RECORD_MESSAGES.nameRequired).max(HEALTH_LOG_NAME_MAX_LENGTH);
const logNotes = z.string().max(NOTES_MAX_LENGTH).optional();
const logCommon = {
  /** Made by the client: a retried or offline sync stores each entry once. */
  id: z.uuid(),
  name: logName,
  notes: logNotes,
  loggedAt: z.date(),
  /** The day of `loggedAt` where it was logged: it decides the pregnancy week. */
  loggedOn: dateOnlySchema,
};

/** A quick log as the client records it: symptoms carry a severity, cravings do not. */
export const healthLogInputSchema = z.discriminatedUnion("kind", [
  z.object({ ...logCommon, kind: z.literal("craving") }),
  z.object({
    ...logCommon,
    kind: z.literal("symptom"),
    severity: z.number({ error: HEALTH_RECORD_MESSAGES.severityOutOfRange }).int().min(SYMPTOM_SEVERITY_MIN, HEALTH_RECORD_MESSAGES.severityOutOfRange).max(SYMPTOM_SEVERITY_MAX, HEALTH_RECORD_MESSAGES.severityOutOfRange),
  }),
]);
export type HealthLogInput = z.infer<typeof healthLogInputSchema>;

export const healthLogSyncSchema = z.object({ logs: z.array(healthLogInputSchema).min(1).max(HEALTH_LOG_SYNC_BATCH_MAX) });

/** The UTC calendar day of a moment. */
const utcDay = (moment: Date) => moment.toISOString().slice(0, "YYYY-MM-DD".length);
const HOURS_AHEAD_OF_UTC_MAX = 14;
const HOURS_BEHIND_UTC_MAX = 12;

/**
 * True when `loggedOn` can be the local day of `loggedAt` somewhere on Earth (UTC-12 to UTC+14):
 * the day decides the week, so a day that no time zone gives is refused.
 */
export function isLocalDayOf(loggedAt: Date, loggedOn: string): boolean {
  const earliest = utcDay(new Date(loggedAt.getTime() - HOURS_BEHIND_UTC_MAX * MS_PER_HOUR));
  const latest = utcDay(new Date(loggedAt.getTime() + HOURS_AHEAD_OF_UTC_MAX * MS_PER_HOUR));
  return loggedOn >= earliest && loggedOn <= latest;
}

/** The pregnancy week a log belongs to (week 0 is the LMP's week, as for calendar events). */
export const healthLogWeek = (loggedOn: string, lastMenstrualPeriod: string) => weeksPregnant(lastMenstrualPeriod, loggedOn);

/** Stored name and notes: plain text (markup removed), cut to the limits; empty notes are none. */
export function cleanHealthLog(log: Pick<HealthLogInput, "name" | "notes">): { name: string; notes: string | null } {
  return { name: sanitizePlainText(log.name, HEALTH_LOG_NAME_MAX_LENGTH), notes: sanitizePlainText(log.notes ?? "", NOTES_MAX_LENGTH) || null };
}

export interface WeekGroup<T> {
  /** Null for entries logged without a known week. */
  week: number | null;
  logs: T[];
}

/** The timeline: newest week first, newest entry first within a week, entries without a week last. */
export function groupLogsByWeek<T extends { week: number | null; loggedAt: Date }>(logs: readonly T[]): WeekGroup<T>[] {
  const byWeek = new Map<number | null, T[]>();
  for (const log of [...logs].sort((a, b) => b.loggedAt.getTime() - a.loggedAt.getTime())) {
    const group = byWeek.get(log.week) ?? [];
    group.push(log);
    byWeek.set(log.week, group);
  }
  return [...byWeek.entries()].map(([week, grouped]) => ({ week, logs: grouped })).sort((a, b) => (b.week ?? -1) - (a.week ?? -1));
}

export const weekHeading = (week: number | null) => (week === null ? "Week unknown" : `Week ${week}`);

export interface LoggedEntry {
  kind: HealthLogKind;
  name: string;
  severity: number | null;
  notes: string | null;
  loggedAt: Date;
  week: number | null;
}

const TIME_PARTS = 2;
const pad = (n: number) => String(n).padStart(TIME_PARTS, "0");

/** 'YYYY-MM-DD' and 'HH:mm' of a moment in a time zone (the browser's when none is given). */
export function localDateAndTime(moment: Date, timeZone?: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", hourCycle: "h23" }).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { date: `${part("year")}-${pad(part("month"))}-${pad(part("day"))}`, time: `${pad(part("hour"))}:${pad(part("minute"))}` };
}

export const HEALTH_LOG_CSV_HEADER = ["Date", "Time", "Week", "Type", "Name", "Severity", "Notes"] as const;

/** The logs as CSV (CRLF lines, a header row), oldest first, for a spreadsheet or the provider. */
export function healthLogsCsv(logs: readonly LoggedEntry[], timeZone?: string): string {
  const rows = [...logs]
    .sort((a, b) => a.loggedAt.getTime() - b.loggedAt.getTime())
    .map((log) => {
      const { date, time } = localDateAndTime(log.loggedAt, timeZone);
      return [date, time, log.week, HEALTH_LOG_LABELS[log.kind].singular, log.name, log.severity, log.notes];
    });
  return toCsv([[...HEALTH_LOG_CSV_HEADER], ...rows]);
}

export const healthLogsFileName = (kind: HealthLogKind, today: string) => `${HEALTH_LOG_LABELS[kind].plural.toLowerCase()}-${today}.csv`;

export interface SymptomSummary {
  name: string;
  count: number;
  /** The highest severity logged for it that week. */
  worst: number;
}

/** For the provider: each week's symptoms, most frequent first, with their worst severity. */
export function symptomsByWeek(logs: readonly LoggedEntry[]): WeekGroup<SymptomSummary>[] {
  return groupLogsByWeek(logs.filter((log) => log.kind === "symptom")).map(({ week, logs: entries }) => {
    const byName = new Map<string, SymptomSummary>();
    for (const entry of entries) {
      const key = entry.name.toLowerCase();
      const summary = byName.get(key) ?? { name: entry.name, count: 0, worst: 0 };
      summary.count += 1;
      summary.worst = Math.max(summary.worst, entry.severity ?? 0);
      byName.set(key, summary);
    }
    return { week, logs: [...byName.values()].sort((a, b) => b.count - a.count || b.worst - a.worst || a.name.localeCompare(b.name)) };
  });
}

// ---------------------------------------------------------------------------------------------
// Birth plan

export interface BirthPlanOption {
  value: string;
  label: string;
}

export type BirthPlanQuestion =
  | { key: string; kind: "single" | "multiple"; label: string; options: readonly BirthPlanOption[] }
  | { key: string; kind: "text"; label: string; hint?: string };

export interface BirthPlanSection {
  key: string;
  title: string;
  description: string;
  questions: readonly BirthPlanQuestion[];
}

/** An answer: the chosen option's value, the chosen options' values, or free text. */
export type BirthPlanAnswer = string | string[];
export type BirthPlanAnswers = Record<string, BirthPlanAnswer>;

const options = (...labels: string[]): BirthPlanOption[] =>
  labels.map((label) => ({
    value: label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, ""),
    label,
  }));

/** The guided form, in the order a labour unfolds; question keys are unique across sections. */
export const BIRTH_PLAN_SECTIONS: readonly BirthPlanSection[] = [
  {
    key: "environment",
    title: "Environment",
    description: "Where you plan to give birth, who is with you and how you would like the room.",
    questions: [
      { key: "birthPlace", kind: "single", label: "Where we plan to give birth", options: options("Hospital", "Birth centre", "At home", "Not decided yet") },
      { key: "birthCompanions", kind: "text", label: "Who we would like with us", hint: "Partner, doula, a family member..." },
      {
        key: "atmosphere",
        kind: "multiple",
        label: "In the room",
        options: options("Dim lights", "Quiet voices", "My own music", "Freedom to move around", "Wearing my own clothes", "As few interruptions as possible", "Photos or video allowed"),
      },
      { key: "environmentNotes", kind: "text", label: "Anything else about the room" },
    ],
  },
  {
    key: "painRelief",
    title: "Pain relief",
    description: "How you would like to manage pain, and whether staff should offer relief.",
    questions: [
      {
        key: "painApproach",
        kind: "single",
        label: "Our approach",
        options: options("I would like to avoid medication", "I would like to try without, then decide", "I would like an epidural as early as possible", "Open to whatever I need"),
      },
      {
        key: "painMethods",
        kind: "multiple",
        label: "Methods I would like to use",
        options: options("Breathing and relaxation", "Massage", "Warm water or a birth pool", "TENS machine", "Gas and air (nitrous oxide)", "IV pain medication", "Epidural"),
      },
      { key: "offerPainRelief", kind: "single", label: "Offering pain relief", options: options("Please offer it to me", "Please wait until I ask") },
      { key: "painNotes", kind: "text", label: "Anything else about pain relief" },
    ],
  },
  {
    key: "labour",
    title: "Labour",
    description: "Monitoring, moving, eating and drinking while labour progresses.",
    questions: [
      { key: "monitoring", kind: "single", label: "Monitoring the baby", options: options("Intermittent monitoring", "Wireless monitoring if available", "Continuous monitoring") },
      {
        key: "labourWishes",
        kind: "multiple",
        label: "During labour",
        options: options("Move and change positions freely", "Eat light snacks and drink", "Use a birth ball", "No routine IV unless needed", "Let my waters break on their own", "Induction only if medically needed"),
      },
      { key: "labourNotes", kind: "text", label: "Anything else about labour" },
    ],
  },
  {
    key: "delivery",
    title: "Delivery",
    description: "Pushing, positions, and your wishes if a caesarean is needed.",
    questions: [
      { key: "pushing", kind: "single", label: "Pushing", options: options("Push when I feel the urge", "Guided (coached) pushing", "No preference") },
      {
        key: "deliveryWishes",
        kind: "multiple",
        label: "During delivery",
        options: options("Try different birth positions", "A mirror to see the baby crown", "Warm compresses to protect the perineum", "Episiotomy only if necessary", "My partner would like to catch the baby", "My partner would like to announce the sex"),
      },
      {
        key: "caesareanWishes",
        kind: "multiple",
        label: "If a caesarean is needed",
        options: options("My partner with me", "Screen lowered to see the baby born", "Skin-to-skin in the operating room", "Each step explained to us"),
      },
      { key: "deliveryNotes", kind: "text", label: "Anything else about delivery" },
    ],
  },
  {
    key: "afterBirth",
    title: "After birth",
    description: "The first hour with your baby and the newborn care you agree to.",
    questions: [
      { key: "cordClamping", kind: "single", label: "Cord clamping", options: options("Delayed cord clamping", "Clamp right away", "Follow the team's advice") },
      {
        key: "firstHour",
        kind: "multiple",
        label: "The first hour",
        options: options("Immediate skin-to-skin", "My partner cuts the cord", "Newborn checks with the baby on me", "Delay the baby's first bath", "Cord blood banking or donation", "Keep the placenta"),
      },
      { key: "newbornCare", kind: "multiple", label: "Newborn care we agree to", options: options("Vitamin K injection", "Vitamin K by mouth", "Eye ointment", "Hepatitis B vaccine") },
      { key: "afterBirthNotes", kind: "text", label: "Anything else after the birth" },
    ],
  },
  {
    key: "feeding",
    title: "Feeding",
    description: "How you plan to feed your baby and the support you would like.",
    questions: [
      { key: "feedingPlan", kind: "single", label: "We plan on", options: options("Breastfeeding", "Formula feeding", "Combination feeding", "Not decided yet") },
      {
        key: "feedingSupport",
        kind: "multiple",
        label: "Support we would like",
        options: options("Help from a lactation consultant", "No bottles or dummies without asking us", "Formula only with our consent", "Help with expressing milk"),
      },
      { key: "feedingNotes", kind: "text", label: "Anything else about feeding" },
    ],
  },
  {
    key: "specialNotes",
    title: "Special notes",
    description: "Anything the team should know about you, in your own words.",
    questions: [
      { key: "healthNotes", kind: "text", label: "Health conditions, allergies and medications" },
      { key: "personalWishes", kind: "text", label: "Cultural, religious or personal wishes" },
      { key: "otherNotes", kind: "text", label: "Anything else" },
    ],
  },
];

const QUESTIONS = new Map(BIRTH_PLAN_SECTIONS.flatMap((section) => section.questions.map((question) => [question.key, question] as const)));

const answerSchema = (question: BirthPlanQuestion): z.ZodType<BirthPlanAnswer> => {
  if (question.kind === "text") return z.string().max(BIRTH_PLAN_TEXT_MAX_LENGTH);
  const values = question.options.map((option) => option.value);
  const one = z.string().refine((value) => values.includes(value), "Please choose one of the options");
  return question.kind === "single" ? one : z.array(one).max(values.length);
};

/** The answers a client may send: known questions only, options from their lists, text within the limit. */
export const birthPlanAnswersSchema = z.strictObject(Object.fromEntries([...QUESTIONS.values()].map((question) => [question.key, answerSchema(question).optional()])));

/**
 * The answers as stored: text as plain text cut to its limit, choices in the form's order without
 * repeats, unanswered questions left out. Anything stored earlier that the form no longer asks is
 * dropped, so reading old answers is safe too.
 */
export function normalizeBirthPlanAnswers(raw: unknown): BirthPlanAnswers {
  const answers: BirthPlanAnswers = {};
  if (typeof raw !== "object" || raw === null) return answers;
  for (const [key, value] of Object.entries(raw)) {
    const question = QUESTIONS.get(key);
    if (!question) continue;
    if (question.kind === "text") {
      const text = typeof value === "string" ? sanitizePlainText(value, BIRTH_PLAN_TEXT_MAX_LENGTH) : "";
      if (text) answers[key] = text;
      continue;
    }
    const chosen = new Set(Array.isArray(value) ? value : [value]);
    const picked = question.options.filter((option) => chosen.has(option.value)).map((option) => option.value);
    if (picked.length === 0) continue;
    answers[key] = question.kind === "single" ? (picked[0] ?? "") : picked;
  }
  return answers;
}

export interface AnsweredQuestion {
  key: string;
  label: string;
  /** Chosen options' labels, or the text as one entry. */
  values: string[];
  kind: BirthPlanQuestion["kind"];
}

/** What the print view shows: only answered sections, each with its answered questions in the form's order. */
export function answeredSections(answers: BirthPlanAnswers): Array<{ key: string; title: string; questions: AnsweredQuestion[] }> {
  const normalized = normalizeBirthPlanAnswers(answers);
  return BIRTH_PLAN_SECTIONS.map((section) => ({
    key: section.key,
    title: section.title,
    questions: section.questions.flatMap((question): AnsweredQuestion[] => {
      const answer = normalized[question.key];
      if (answer === undefined) return [];
      if (question.kind === "text") return [{ key: question.key, label: question.label, values: [String(answer)], kind: question.kind }];
      const chosen = new Set(Array.isArray(answer) ? answer : [answer]);
      return [{ key: question.key, label: question.label, values: question.options.filter((option) => chosen.has(option.value)).map((option) => option.label), kind: question.kind }];
    }),
  })).filter((section) => section.questions.length > 0);
}

/** The parents as the plan's heading names them: 'Olivia and Noah Parker', or both full names when they differ. */
export function parentNames(parents: ReadonlyArray<{ firstName: string; lastName: string }>): string {
  const [first, second] = parents;
  if (!first) return "";
  const full = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
  if (!second) return full(first);
  return first.lastName === second.lastName ? `${first.firstName} and ${full(second)}` : `${full(first)} and ${full(second)}`;
}

/** How many of the form's sections have at least one answer. */
export const answeredSectionCount = (answers: BirthPlanAnswers) => answeredSections(answers).length;

// ---------------------------------------------------------------------------------------------
// Hospital bag

export const HOSPITAL_BAG_LABELS: Readonly<Record<HospitalBagOwner, string>> = { parent: "For you", partner: "For your partner", baby: "For the baby" };

export interface DefaultBagItem {
  /** Stable and unique across the three lists: stored as default_key, so seeding never repeats an item. */
  key: string;
  owner: HospitalBagOwner;
  name: string;
}

const bagItems = (owner: HospitalBagOwner, items: ReadonlyArray<readonly [string, string]>): DefaultBagItem[] => items.map(([key, name]) => ({ key: `${owner}-${key}`, owner, name }));

/** What midwives and hospitals usually suggest packing from week 35, per list in packing order. */
export const HOSPITAL_BAG_DEFAULTS: readonly DefaultBagItem[] = [
  ...bagItems("parent", [
    ["documents", "Photo ID, insurance card and hospital paperwork"],
    ["birth-plan", "Printed copies of the birth plan"],
    ["phone-charger", "Phone and a long charging cable"],
    ["robe", "Dressing gown or robe"],
    ["slippers", "Slippers and warm socks"],
    ["nightwear", "Nightwear that opens at the front"],
    ["toiletries", "Toiletries, lip balm and hair ties"],
    ["glasses", "Glasses or contact lenses"],
    ["medications", "Medications you take"],
    ["pads", "Maternity pads and high-waisted underwear"],
    ["nursing", "Nursing bras, breast pads and nipple cream"],
    ["pillow", "Your own pillow in a coloured pillowcase"],
    ["going-home", "Loose, comfortable clothes for going home"],
  ]),
  ...bagItems("partner", [
    ["clothes", "A change of clothes and pyjamas"],
    ["toiletries", "Toiletries"],
    ["snacks", "Snacks and drinks for both of you"],
    ["power-bank", "Phone charger and a power bank"],
    ["camera", "Camera, or a phone with free space"],
    ["parking", "Change or a card for parking and vending machines"],
    ["medications", "Medications you take"],
    ["call-list", "A list of people to tell the news"],
  ]),
  ...bagItems("baby", [
    ["car-seat", "A rear-facing car seat, installed"],
    ["going-home", "A going-home outfit (newborn and 0-3 months)"],
    ["bodysuits", "Bodysuits and sleepsuits"],
    ["hat", "A soft hat"],
    ["socks", "Socks or booties"],
    ["mittens", "Scratch mittens"],
    ["blanket", "A swaddle or blanket"],
    ["nappies", "Newborn nappies and wipes"],
    ["muslins", "Muslin cloths"],
    ["feeding", "Bottles and formula, if you plan to use them"],
  ]),
];

export const hospitalBagItemNameSchema = z.string().trim().min(1, HEALTH_RECORD_MESSAGES.nameRequired).max(HOSPITAL_BAG_ITEM_NAME_MAX_LENGTH);

export const cleanBagItemName = (name: string) => sanitizePlainText(name, HOSPITAL_BAG_ITEM_NAME_MAX_LENGTH);

export interface PackedProgress {
  packed: number;
  total: number;
  /** Whole percent, 0 for an empty list. */
  percent: number;
}

export function packedProgress(items: ReadonlyArray<{ isPacked: boolean }>): PackedProgress {
  const packed = items.filter((item) => item.isPacked).length;
  return { packed, total: items.length, percent: items.length === 0 ? 0 : Math.floor((packed / items.length) * PERCENT) };
}

/** Packed progress per list and for the three together. */
export function bagProgress(items: ReadonlyArray<{ owner: HospitalBagOwner; isPacked: boolean }>): Record<HospitalBagOwner | "overall", PackedProgress> {
  const lists = Object.fromEntries(HOSPITAL_BAG_OWNERS.map((owner) => [owner, packedProgress(items.filter((item) => item.owner === owner))])) as Record<HospitalBagOwner, PackedProgress>;
  return { ...lists, overall: packedProgress(items) };
}

export const progressLabel = ({ packed, total }: PackedProgress) => `${packed} of ${total} packed`;

// ---------------------------------------------------------------------------------------------
// Medical contacts

export const MEDICAL_CONTACT_LABELS: Readonly<Record<MedicalContactKind, string>> = {
  provider: "Provider (doctor or midwife)",
  hospital: "Hospital or birth centre",
  doula: "Doula",
  pediatrician: "Paediatrician",
  other: "Other",
};

/** Digits with the usual separators, an optional leading '+', and an optional extension ('ext. 12', 'x12'). */
const PHONE_PATTERN = /^\+?[\d\s().\-/]+(?:\s*(?:ext\.?|x|#)\s*\d+)?$/i;
/** The shortest number worth dialling (emergency and service numbers have three digits). */
const PHONE_MIN_DIGITS = 3;
const EXTENSION = /\s*(?:ext\.?|x|#)\s*(\d+)$/i;

export function isPhoneNumber(phone: string): boolean {
  const trimmed = phone.trim();
  return PHONE_PATTERN.test(trimmed) && trimmed.replace(EXTENSION, "").replace(/\D/g, "").length >= PHONE_MIN_DIGITS;
}

/** A one-tap call link: 'tel:' with the digits (and '+'), the extension after a pause (','). */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const extension = EXTENSION.exec(trimmed)?.[1];
  const number = trimmed.replace(EXTENSION, "");
  const dialled = `${number.startsWith("+") ? "+" : ""}${number.replace(/\D/g, "")}`;
  return `tel:${dialled}${extension ? `,${extension}` : ""}`;
}

/** Directions from where the phone is: a maps search link, which opens the maps app on phones. */
export const mapsHref = (address: string) => `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address.trim())}`;

export const mailtoHref = (email: string) => `mailto:${email.trim()}`;

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** A medical contact as the form and the worker check it; empty optional fields are none. */
export const medicalContactSchema = z.object({
  kind: z.enum(MEDICAL_CONTACT_KINDS),
  name: z.string().trim().min(1, HEALTH_RECORD_MESSAGES.nameRequired).max(NAME_MAX_LENGTH),
  phone: optionalText(PHONE_MAX_LENGTH).refine((phone) => !phone || isPhoneNumber(phone), HEALTH_RECORD_MESSAGES.invalidPhone),
  email: optionalText(EMAIL_MAX_LENGTH).refine((email) => !email || z.email().safeParse(email).success, HEALTH_RECORD_MESSAGES.invalidEmail),
  address: optionalText(LOCATION_MAX_LENGTH),
  notes: optionalText(NOTES_MAX_LENGTH),
});
export type MedicalContactInput = z.infer<typeof medicalContactSchema>;

/** Stored values: names, addresses and notes as plain text within their limits, empty fields as null. */
export function cleanMedicalContact(input: MedicalContactInput) {
  const text = (value: string | undefined, max: number) => sanitizePlainText(value ?? "", max) || null;
  return {
    kind: input.kind,
    name: sanitizePlainText(input.name, NAME_MAX_LENGTH),
    phone: input.phone?.trim() || null,
    email: input.email?.trim() || null,
    address: text(input.address, LOCATION_MAX_LENGTH),
    notes: text(input.notes, NOTES_MAX_LENGTH),
  };
}

/** The order contacts are listed in: by kind as the form offers them, then by name. */
export function sortMedicalContacts<T extends { kind: MedicalContactKind; name: string }>(contacts: readonly T[]): T[] {
  return [...contacts].sort((a, b) => MEDICAL_CONTACT_KINDS.indexOf(a.kind) - MEDICAL_CONTACT_KINDS.indexOf(b.kind) || a.name.localeCompare(b.name));
}
