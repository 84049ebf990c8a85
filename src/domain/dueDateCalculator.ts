/**
 * The public due date calculator (onboarding spec 2 and 4): from the first day of the last
 * menstrual period, the due date (LMP + 280 days), the weeks pregnant and the trimester, and a
 * preview of up to 8 milestones whose window opens in the next 5 weeks, taken from a built-in list
 * of about 55. The calendar's suggested milestones are part of the list, with the same words, so
 * the preview and the calendar a parent later fills never disagree.
 */
import { addDays, DATE_MESSAGES, daysBetween, dueDateFromLmp, FIRST_TRIMESTER_LAST_WEEK, FULL_TERM_MAX_WEEKS, isDateOnly, lmpFromDueDate, trimester, type Trimester, weeksPregnant } from "./dates";
import type { EventCategory } from "./enums";
import { milestoneByKey, type MilestoneKey } from "./milestones";
import { fail, ok, type Result } from "./result";
import { DAYS_PER_WEEK } from "./units";

export const CALCULATOR_PREVIEW_EVENTS = 8;

export const CALCULATOR_WINDOW_WEEKS = 5;

/** About 55 built-in milestones. */
export const CALCULATOR_MILESTONE_COUNT = 55;

/** Ours: the milestones start at the first week a home test can tell (week 4 from the LMP). */
export const CALCULATOR_FIRST_WEEK = 4;

/** Ours: the due date calculator's LMP field. */
export const CALCULATOR_MESSAGES = {
  lmpRequired: "Please enter the first day of your last period",
  lmpInFuture: "The first day of your last period can't be in the future",
  lmpTooLongAgo: `That date is more than ${FULL_TERM_MAX_WEEKS} weeks ago. Please check the first day of your last period.`,
} as const;

export interface MilestoneTemplate {
  /** Stable and kebab-case; a calendar suggestion keeps its key. */
  id: string;
  title: string;
  description: string;
  category: EventCategory;
  /** Pregnancy weeks from the LMP (week 0) in which it usually happens, both ends included. */
  weeks: { start: number; end: number };
  /** A gathering the parents would invite guests to. */
  hasRSVP?: boolean;
}

const template = (
  id: string,
  category: EventCategory,
  start: number,
  end: number,
  title: string,
  description: string,
  hasRSVP?: boolean,
): MilestoneTemplate => ({ id, title, description, category, weeks: { start, end }, ...(hasRSVP ? { hasRSVP } : {}) });

/** A calendar suggestion as a template: its key, title, note and category, in a window around its week. */
function suggested(key: MilestoneKey, start: number, end: number, hasRSVP?: boolean): MilestoneTemplate {
  const milestone = milestoneByKey(key);
  return template(milestone.key, milestone.category, start, end, milestone.title, milestone.note, hasRSVP);
}

/** In order of the week each window opens. */
export const MILESTONE_TEMPLATES: readonly MilestoneTemplate[] = [
  template("positive-pregnancy-test", "milestone", 4, 5, "Positive pregnancy test", "A home test picks up the pregnancy hormone around the time of a missed period. Congratulations!"),
  template("start-prenatal-vitamins", "preparation", 4, 6, "Start prenatal vitamins", "Folic acid every day helps the baby's brain and spine form. Keep taking it through the first trimester at least."),
  template("share-with-partner", "family", 4, 6, "Share the news with your partner", "However you tell them, it is the first moment of the journey you take together."),
  template("book-first-appointment", "medical", 5, 6, "Book your first prenatal appointment", "Most providers see you around week 8. Call early, as first appointments fill up quickly."),
  template("check-insurance", "preparation", 5, 8, "Review insurance and leave benefits", "Check what your plan covers for prenatal care and birth, and what parental leave your employers offer."),
  template("heartbeat", "milestone", 6, 7, "Baby's heart begins to beat", "A tiny heart starts beating, often visible as a flicker on an early ultrasound."),
  template("early-ultrasound", "medical", 7, 9, "Early ultrasound", "Some providers offer a first scan to confirm the heartbeat and how far along you are."),
  template("morning-sickness-peak", "milestone", 8, 11, "Morning sickness often peaks", "Small frequent meals, ginger and rest help. Call your provider if you cannot keep fluids down."),
  suggested("first-prenatal-appointment", 8, 10),
  template("fingers-and-toes", "milestone", 9, 10, "Fingers and toes form", "The baby is about the size of a grape, and tiny fingers and toes are taking shape."),
  suggested("prenatal-blood-tests", 10, 13),
  suggested("dating-scan", 11, 14),
  template("family-announcement", "family", 12, 14, "Share the news with family", "Many parents tell their families once the first trimester ends. Invite them over to hear it together.", true),
  template("tell-work", "preparation", 12, 16, "Plan when to tell work", "Choose a moment that suits you and learn your rights to time off for appointments."),
  suggested("second-trimester", 13, 13),
  template("energy-returns", "milestone", 14, 16, "Energy often returns", "Nausea usually eases and many parents feel like themselves again: a good time for gentle exercise."),
  template("maternity-clothes", "preparation", 14, 18, "Shop for maternity clothes", "A few stretchy basics and a comfortable bra go a long way as the bump grows."),
  template("plan-parental-leave", "preparation", 15, 20, "Plan your parental leave", "Talk dates through with your partner and employers so both of you know when leave starts."),
  template("second-trimester-screening", "medical", 15, 20, "Second-trimester screening", "An optional blood test that screens for some chromosomal conditions and neural tube defects."),
  template("routine-visit", "medical", 16, 17, "Routine prenatal visit", "Blood pressure, weight, the baby's heartbeat and your questions: bring a list."),
  template("first-flutters", "milestone", 16, 22, "First flutters", "The first movements feel like bubbles or flutters; first-time parents often notice them later."),
  template("gender-reveal", "celebration", 16, 20, "Gender reveal party", "If you want to know, share the surprise with the people you love.", true),
  template("baby-hears", "milestone", 18, 20, "Baby can hear your voice", "The ears are working: talking, reading and singing to the bump all count."),
  suggested("anatomy-scan", 18, 22),
  template("start-registry", "preparation", 18, 22, "Start your baby registry", "List what you need so family and friends can help, from the car seat to the muslins."),
  template("halfway", "milestone", 20, 20, "Halfway there", "Twenty weeks down, about twenty to go."),
  template("childbirth-classes", "preparation", 20, 24, "Sign up for childbirth classes", "Classes fill early. Look for ones on labor, feeding and newborn care you can take with your partner."),
  template("partner-feels-kicks", "family", 20, 24, "Partner feels the kicks", "Kicks grow strong enough to feel from the outside: a hand on the bump in the evening often catches them."),
  template("babymoon", "celebration", 20, 28, "Plan a babymoon", "A short trip or a quiet weekend together while travel is still comfortable."),
  template("plan-nursery", "preparation", 22, 28, "Plan the nursery", "A safe crib, a firm mattress and a place to change diapers are the essentials; the rest can wait."),
  template("lungs-develop", "milestone", 24, 26, "Baby's lungs get ready", "The lungs begin making the substance that will help them breathe after birth."),
  suggested("glucose-test", 24, 28),
  template("choose-pediatrician", "preparation", 26, 32, "Choose a pediatrician", "Meet a few and pick the one who will see your baby in the first days."),
  template("eyes-open", "milestone", 26, 28, "Baby opens their eyes", "The eyelids open and the baby starts to blink and sense light."),
  suggested("tdap-vaccine", 27, 36),
  template("third-trimester", "milestone", 28, 28, "Third trimester begins", "The home stretch: the baby gains most of their weight from now on."),
  suggested("third-trimester-check", 28, 30),
  template("rh-immunoglobulin", "medical", 28, 28, "Rh shot if you are Rh-negative", "If your blood type is Rh-negative, an injection now protects this and future pregnancies."),
  template("kick-counts", "medical", 28, 40, "Start counting kicks", "Get to know your baby's daily pattern of movement and call your provider if it changes."),
  template("maternity-photos", "celebration", 28, 32, "Maternity photo shoot", "The bump is at its most photogenic: book a photographer or ask a friend."),
  suggested("baby-shower", 28, 34, true),
  template("prepare-siblings", "family", 30, 36, "Prepare older siblings", "Books about new babies and a small job for the big brother or sister help them feel part of it."),
  template("birth-plan", "preparation", 30, 34, "Write your birth plan", "Pain relief, who is with you and what matters most to you: share it with your provider."),
  suggested("hospital-tour", 30, 34),
  template("growth-scan", "medical", 32, 34, "Growth scan if recommended", "Some providers check the baby's growth and position with another ultrasound."),
  template("install-car-seat", "preparation", 32, 36, "Install the car seat", "You need one to bring the baby home; many fire stations and hospitals will check the fitting."),
  template("wash-baby-clothes", "preparation", 32, 36, "Wash baby clothes", "Wash the first outfits, sheets and blankets in a gentle detergent."),
  suggested("hospital-bag", 34, 36),
  template("help-after-birth", "family", 34, 38, "Line up help for the first weeks", "Agree who brings meals, walks the dog or visits, and when you would rather rest."),
  template("stock-freezer", "preparation", 34, 37, "Stock the freezer", "A few ready meals now mean less cooking in the newborn weeks."),
  suggested("group-b-strep-test", 36, 37),
  template("weekly-visits", "medical", 36, 40, "Weekly prenatal visits", "From now on your provider usually sees you every week until the birth."),
  suggested("full-term", 37, 37),
  suggested("due-date", 40, 40),
  template("past-due-date", "medical", 41, 42, "Past your due date", "Extra monitoring checks on the baby, and your provider talks with you about induction."),
];

export interface CalculatorResult {
  dueDate: string;
  /** Whole weeks since the LMP, at least 0. */
  weeksPregnant: number;
  /** Days into the current week, 0 to 6. */
  daysIntoWeek: number;
  trimester: Trimester;
}

/** What the calculator shows for an LMP on `today` (both 'YYYY-MM-DD'). */
export function calculate(lastMenstrualPeriod: string, today: string): CalculatorResult {
  const week = weeksPregnant(lastMenstrualPeriod, today);
  const days = Math.max(0, daysBetween(lastMenstrualPeriod, today));
  return { dueDate: dueDateFromLmp(lastMenstrualPeriod), weeksPregnant: week, daysIntoWeek: days % DAYS_PER_WEEK, trimester: trimester(week) };
}

/** The LMP field: required, a real date, not in the future, and at most 42 weeks ago (full term's end). */
export function checkLastMenstrualPeriod(input: string, today: string): Result<string> {
  const lastMenstrualPeriod = input.trim();
  if (!lastMenstrualPeriod) return fail(CALCULATOR_MESSAGES.lmpRequired);
  if (!isDateOnly(lastMenstrualPeriod)) return fail(DATE_MESSAGES.invalidDate);
  const daysAgo = daysBetween(lastMenstrualPeriod, today);
  if (daysAgo < 0) return fail(CALCULATOR_MESSAGES.lmpInFuture);
  if (daysAgo > FULL_TERM_MAX_WEEKS * DAYS_PER_WEEK) return fail(CALCULATOR_MESSAGES.lmpTooLongAgo);
  return ok(lastMenstrualPeriod);
}

/** The day a milestone's window opens in a pregnancy with this LMP. */
const opensOn = (milestone: MilestoneTemplate, lastMenstrualPeriod: string) => addDays(lastMenstrualPeriod, milestone.weeks.start * DAYS_PER_WEEK);

export interface UpcomingMilestone extends MilestoneTemplate {
  /** The day its window opens in this pregnancy. */
  date: string;
}

/**
 * Up to 8 milestones whose window opens from today to the end of the next 5 weeks (35 days,
 * today included), soonest first (the list is in that order); a window that opened before today
 * is not upcoming.
 */
export function upcomingMilestones(lastMenstrualPeriod: string, today: string): UpcomingMilestone[] {
  const windowDays = CALCULATOR_WINDOW_WEEKS * DAYS_PER_WEEK;
  return MILESTONE_TEMPLATES.map((milestone) => ({ ...milestone, date: opensOn(milestone, lastMenstrualPeriod) }))
    .filter(({ date }) => {
      const days = daysBetween(today, date);
      return days >= 0 && days < windowDays;
    })
    .slice(0, CALCULATOR_PREVIEW_EVENTS);
}

/**
 * The newsletter's free first-trimester checklist: the milestones whose window opens by week 12,
 * each dated on the day it opens when the due date is known.
 */
export function firstTrimesterChecklist(dueDate?: string): Array<MilestoneTemplate & { date?: string }> {
  const firstTrimester = MILESTONE_TEMPLATES.filter((milestone) => milestone.weeks.start <= FIRST_TRIMESTER_LAST_WEEK);
  if (!dueDate) return firstTrimester;
  const lastMenstrualPeriod = lmpFromDueDate(dueDate);
  return firstTrimester.map((milestone) => ({ ...milestone, date: opensOn(milestone, lastMenstrualPeriod) }));
}
