/** The birth plan: sections of questions, their answers validated and shown back for printing (issue 9). */
import { z } from "zod";
import { sanitizePlainText } from "./sanitize";

/** Each free-text answer of the birth plan. */
export const BIRTH_PLAN_TEXT_MAX_LENGTH = 1000;

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

