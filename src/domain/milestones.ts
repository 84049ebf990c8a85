/**
 * Suggested calendar milestones (issue 8): the standard appointments, scans, tests, preparations
 * and celebrations of a pregnancy, each on a pregnancy day counted from the LMP (day 0). A parent
 * adds the ones they want; added ones are auto-dated and move with the due date until their date
 * is changed by hand.
 */
import { addDays, FIRST_TRIMESTER_LAST_WEEK, FULL_TERM_MIN_WEEKS, LMP_TO_DUE_DAYS, SECOND_TRIMESTER_LAST_WEEK } from "./dates";
import { GUEST_PRIVACY_LEVELS, ITEM_PRIVACY_LEVELS, type EventCategory, type GuestPrivacyLevel, type ItemPrivacyLevel } from "./enums";
import { DAYS_PER_WEEK } from "./units";
import { namesInWords } from "./waitingRoom";

/**
 * Ours: the pregnancy week (from the LMP, week 0) in which prenatal care usually schedules each
 * suggested milestone. The trimester starts, full term and the due date use the constants above.
 */
export const SUGGESTED_MILESTONE_WEEKS = {
  firstPrenatalAppointment: 8,
  prenatalBloodTests: 10,
  datingScan: 12,
  anatomyScan: 20,
  glucoseTest: 26,
  tdapVaccine: 28,
  babyShower: 32,
  hospitalTour: 32,
  hospitalBag: 35,
  groupBStrepTest: 36,
} as const;

export type MilestoneCategory = Extract<EventCategory, "medical" | "milestone" | "preparation" | "celebration">;

export interface SuggestedMilestone {
  /** Stable: stored as the event's milestone_key. */
  key: string;
  title: string;
  category: MilestoneCategory;
  /** Days after the LMP the milestone falls on. */
  pregnancyDay: number;
  /** A short helpful note, stored as the event's notes. */
  note: string;
  /** Who sees the added event: medical and preparation ones stay with the parents. */
  privacyLevel: ItemPrivacyLevel;
}

/** The first day of a pregnancy week. */
const weekStart = (week: number) => week * DAYS_PER_WEEK;

/** In date order. */
export const SUGGESTED_MILESTONES = [
  {
    key: "first-prenatal-appointment",
    title: "First prenatal appointment",
    category: "medical",
    pregnancyDay: weekStart(SUGGESTED_MILESTONE_WEEKS.firstPrenatalAppointment),
    note: "Your provider confirms the pregnancy and the due date. Bring a list of the medicines you take and your questions.",
    privacyLevel: "parents-only",
  },
  {
    key: "prenatal-blood-tests",
    title: "NIPT and blood tests",
    category: "medical",
    pregnancyDay: weekStart(SUGGESTED_MILESTONE_WEEKS.prenatalBloodTests),
    note: "Routine blood work and the optional NIPT screening, which can also tell you the baby's sex if you want to know.",
    privacyLevel: "parents-only",
  },
  {
    key: "dating-scan",
    title: "Dating scan",
    category: "medical",
    pregnancyDay: weekStart(SUGGESTED_MILESTONE_WEEKS.datingScan),
    note: "The first ultrasound measures the baby to confirm the due date and often includes the nuchal translucency check.",
    privacyLevel: "parents-only",
  },
  {
    key: "second-trimester",
    title: "Second trimester begins",
    category: "milestone",
    pregnancyDay: weekStart(FIRST_TRIMESTER_LAST_WEEK + 1),
    note: "Many parents feel their energy return now, and it is a popular time to share the news.",
    privacyLevel: "immediate-family",
  },
  {
    key: "anatomy-scan",
    title: "Anatomy scan",
    category: "medical",
    pregnancyDay: weekStart(SUGGESTED_MILESTONE_WEEKS.anatomyScan),
    note: "A detailed ultrasound of the baby's growth, organs and placenta. Tell the sonographer if you would rather not learn the sex.",
    privacyLevel: "parents-only",
  },
  {
    key: "glucose-test",
    title: "Glucose test",
    category: "medical",
    pregnancyDay: weekStart(SUGGESTED_MILESTONE_WEEKS.glucoseTest),
    note: "Screens for gestational diabetes. Ask whether you need to fast beforehand, and plan for about an hour at the clinic.",
    privacyLevel: "parents-only",
  },
  {
    key: "tdap-vaccine",
    title: "Tdap vaccine",
    category: "medical",
    pregnancyDay: weekStart(SUGGESTED_MILESTONE_WEEKS.tdapVaccine),
    note: "The whooping cough vaccine, given in every pregnancy, passes protection on to the baby for the first months.",
    privacyLevel: "parents-only",
  },
  {
    key: "third-trimester-check",
    title: "Third-trimester check-up",
    category: "medical",
    pregnancyDay: weekStart(SECOND_TRIMESTER_LAST_WEEK + 1),
    note: "Visits usually become more frequent from here. A good time to talk through your birth plan.",
    privacyLevel: "parents-only",
  },
  {
    key: "baby-shower",
    title: "Baby shower",
    category: "celebration",
    pregnancyDay: weekStart(SUGGESTED_MILESTONE_WEEKS.babyShower),
    note: "Celebrate with family and friends. Invite your guests to the event so they can reply.",
    privacyLevel: "friends",
  },
  {
    key: "hospital-tour",
    title: "Tour the hospital",
    category: "preparation",
    pregnancyDay: weekStart(SUGGESTED_MILESTONE_WEEKS.hospitalTour),
    note: "Visit the maternity ward, find the right entrance and parking, and ask about pre-registering.",
    privacyLevel: "parents-only",
  },
  {
    key: "hospital-bag",
    title: "Hospital bag ready",
    category: "preparation",
    pregnancyDay: weekStart(SUGGESTED_MILESTONE_WEEKS.hospitalBag),
    note: "Documents, comfy clothes, toiletries, snacks, a phone charger and the baby's first outfit, with the car seat fitted.",
    privacyLevel: "parents-only",
  },
  {
    key: "group-b-strep-test",
    title: "Group B strep test",
    category: "medical",
    pregnancyDay: weekStart(SUGGESTED_MILESTONE_WEEKS.groupBStrepTest),
    note: "A quick swab. If it is positive, antibiotics during labor protect the baby.",
    privacyLevel: "parents-only",
  },
  {
    key: "full-term",
    title: "Full term",
    category: "milestone",
    pregnancyDay: weekStart(FULL_TERM_MIN_WEEKS),
    note: "From this week the baby counts as full term and could arrive any day.",
    privacyLevel: "immediate-family",
  },
  {
    key: "due-date",
    title: "Due date",
    category: "milestone",
    pregnancyDay: LMP_TO_DUE_DAYS,
    note: "The estimated due date. Few babies arrive exactly on it, so keep the days around it free.",
    privacyLevel: "extended-family",
  },
] as const satisfies readonly SuggestedMilestone[];

export type MilestoneKey = (typeof SUGGESTED_MILESTONES)[number]["key"];

export const MILESTONE_KEYS: readonly MilestoneKey[] = SUGGESTED_MILESTONES.map((milestone) => milestone.key);

/** Ours: the toast once chosen milestones are on the calendar, and why none are offered after the birth. */
export const MILESTONE_MESSAGES = {
  added: "Milestones added",
  babyHere: "Your baby is here, so pregnancy milestones are no longer suggested.",
} as const;

export function milestoneByKey(key: MilestoneKey): SuggestedMilestone {
  const milestone = SUGGESTED_MILESTONES.find((m) => m.key === key);
  if (!milestone) throw new RangeError(`Unknown milestone ${key}`);
  return milestone;
}

/** The milestone's date in a pregnancy with this LMP. */
export function milestoneDate(milestone: Pick<SuggestedMilestone, "pregnancyDay">, lastMenstrualPeriod: string): string {
  return addDays(lastMenstrualPeriod, milestone.pregnancyDay);
}

/** The pregnancy week the milestone falls in (the event's week_number). */
export function milestoneWeek(milestone: Pick<SuggestedMilestone, "pregnancyDay">): number {
  return Math.floor(milestone.pregnancyDay / DAYS_PER_WEEK);
}

/** The calendar event a milestone becomes in a pregnancy with this LMP: all day, auto-dated, keyed to the milestone. */
export function milestoneEvent(milestone: SuggestedMilestone, lastMenstrualPeriod: string) {
  return {
    title: milestone.title,
    notes: milestone.note,
    category: milestone.category,
    date: milestoneDate(milestone, lastMenstrualPeriod),
    weekNumber: milestoneWeek(milestone),
    privacyLevel: milestone.privacyLevel,
    autoDate: true,
    milestoneKey: milestone.key,
  };
}

// ---------------------------------------------------------------------------------------------
// After the birth (issue 37)

/** The milestone key of a birthday on the calendar: the due date's event becomes one when the baby is here. */
export const BIRTHDAY_MILESTONE_KEY = "birthday";

/** Pregnancy milestones are suggested until the first baby is here. */
export const milestonesSuggested = (babies: ReadonlyArray<{ birthDate: string | null }>): boolean => babies.every((baby) => baby.birthDate === null);

/**
 * A pregnancy milestone the app placed (suggested, still dated from the due date) that falls after
 * the birth will not happen any more: it is archived at the birth, and the parents can restore it.
 * One they dated by hand is their own plan and stays; the due date's becomes the birthday.
 */
export function milestoneOverAtBirth(event: { milestoneKey: string | null; autoDate: boolean; isArchived: boolean; date: string }, birthDate: string): boolean {
  const suggested = (MILESTONE_KEYS as readonly (string | null)[]).includes(event.milestoneKey);
  return suggested && event.milestoneKey !== "due-date" && event.autoDate && !event.isArchived && event.date > birthDate;
}

/** "Bean's birthday", "Bean and Sprout's birthday": the babies born that day, in birth order. */
export function birthdayTitle(names: readonly string[]): string {
  return `${namesInWords(names)}'s birthday`;
}

/**
 * Who may see a birthday: never a guest the birth was not told to, and never wider than the event
 * was. A guest circle sees events at its own level or further, so the widest level that reaches
 * only circles told is the last of the unbroken run of told circles from the closest; when the
 * closest was not told, the birthday stays with the parents. `told` null is everyone.
 */
export function birthdayPrivacyLevel(current: ItemPrivacyLevel, told: readonly GuestPrivacyLevel[] | null): ItemPrivacyLevel {
  if (told === null) return current;
  const untold = GUEST_PRIVACY_LEVELS.findIndex((level) => !told.includes(level));
  const reach: ItemPrivacyLevel = untold === -1 ? current : (ITEM_PRIVACY_LEVELS[untold] ?? "parents-only");
  // Item levels run from parents-only outwards: the narrower of the two is the earlier.
  return ITEM_PRIVACY_LEVELS.indexOf(reach) < ITEM_PRIVACY_LEVELS.indexOf(current) ? reach : current;
}
