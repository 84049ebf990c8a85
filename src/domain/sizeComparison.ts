/**
 * "How big is baby this week": a fruit or object for each pregnancy week from 4 to 40, with one
 * line on what is happening that week. Sizes are the usual approximate comparisons; the spec's
 * inspiration gallery has a "fruit-comparison" category, this is its weekly counterpart.
 * Weeks before 4 are "just getting started"; weeks after 40 keep week 40's size (past due).
 */
import { PREGNANCY_WEEKS } from "./dates";

/** The first week with a size comparison (before it the embryo is smaller than a poppy seed). */
export const FIRST_SIZE_WEEK = 4;
/** The last week with its own comparison: the due week. */
export const LAST_SIZE_WEEK = PREGNANCY_WEEKS;

export interface WeekSize {
  week: number;
  /** What baby is about the size of, with its article: 'a poppy seed', 'an avocado'. */
  size: string;
  /** A picture for the size; decorative (the text says it all). */
  emoji: string;
  /** One line on what is happening this week. */
  development: string;
}

/** Weeks 4 to 40 in order; WEEK_SIZES[i].week === FIRST_SIZE_WEEK + i. */
export const WEEK_SIZES: readonly WeekSize[] = Object.freeze(
  (
    [
      ["a poppy seed", "🌱", "The embryo is settling in and the placenta is starting to form."],
      ["a sesame seed", "🌱", "The neural tube and a tiny heart are beginning to form."],
      ["a lentil", "🫘", "Baby's heart has started to beat."],
      ["a blueberry", "🫐", "Arm and leg buds are sprouting and the brain is growing fast."],
      ["a raspberry", "🍓", "Fingers and toes are starting to form."],
      ["a cherry", "🍒", "All the essential organs have begun to develop."],
      ["a strawberry", "🍓", "Baby is now called a fetus, and tiny nails are forming."],
      ["a lime", "🍋", "Baby can open and close their hands, and bones are hardening."],
      ["a plum", "🍑", "Reflexes are developing: baby may curl fingers and toes."],
      ["a lemon", "🍋", "Fingerprints are forming on baby's tiny fingertips."],
      ["a peach", "🍑", "Baby can squint, frown and may even suck a thumb."],
      ["an apple", "🍎", "Baby can sense light through closed eyelids."],
      ["an avocado", "🥑", "Little muscles let baby move their head and make faces."],
      ["a pear", "🍐", "Baby's skeleton is turning from soft cartilage into bone."],
      ["a bell pepper", "🫑", "Baby's ears are in place and may start to pick up sounds."],
      ["a mango", "🥭", "A protective coating called vernix is forming on baby's skin."],
      ["a banana", "🍌", "Halfway there! You may start to feel baby's kicks."],
      ["a carrot", "🥕", "Baby swallows amniotic fluid and can taste some flavours."],
      ["a papaya", "🥭", "Eyebrows and eyelids are fully formed."],
      ["a grapefruit", "🍊", "Baby's hearing is sharpening: talk and sing to them."],
      ["an ear of corn", "🌽", "Baby's lungs are growing branches to prepare for breathing."],
      ["a cauliflower", "🥦", "Baby is gaining fat and their skin is getting smoother."],
      ["a head of lettuce", "🥬", "Baby's eyes are starting to open."],
      ["a head of broccoli", "🥦", "Baby sleeps and wakes on a regular schedule."],
      ["an eggplant", "🍆", "Baby can blink and may even be dreaming."],
      ["a butternut squash", "🎃", "Muscles and lungs keep maturing every day."],
      ["a cabbage", "🥬", "Baby's brain is growing quickly."],
      ["a coconut", "🥥", "Baby can turn their head from side to side."],
      ["a napa cabbage", "🥬", "Baby is practising breathing movements."],
      ["a pineapple", "🍍", "Baby's bones are hardening, while the skull stays soft."],
      ["a cantaloupe", "🍈", "Baby's central nervous system is maturing."],
      ["a honeydew melon", "🍈", "Baby is putting on weight quickly now."],
      ["a head of romaine lettuce", "🥬", "Baby is shedding the fine hair that covered their body."],
      ["a bunch of Swiss chard", "🥬", "Baby is early term and practising for life outside."],
      ["a leek", "🧅", "Baby's organs are ready for life outside the womb."],
      ["a mini watermelon", "🍉", "Baby is full term and building fat to keep warm."],
      ["a small pumpkin", "🎃", "Baby is ready to meet you any day now."],
    ] as const
  ).map(([size, emoji, development], index) => Object.freeze({ week: FIRST_SIZE_WEEK + index, size, emoji, development })),
);

export type SizeComparison =
  /** Before week 4: no comparison yet. */
  | { stage: "early"; week: number; firstWeek: number; message: string }
  /** Weeks 4 to 40. */
  | { stage: "growing"; week: number; entry: WeekSize }
  /** After week 40: the due week's size, and a past-due note. */
  | { stage: "past-due"; week: number; entry: WeekSize; message: string };

export const SIZE_MESSAGES = {
  early: `Baby is just getting started. Size comparisons begin in week ${FIRST_SIZE_WEEK}.`,
  pastDue: "Past the due date: baby is full term and ready to meet you.",
} as const;

/** The comparison for a week of pregnancy (whole weeks; fractions are floored, invalid numbers count as week 0). */
export function sizeComparison(weekInput: number): SizeComparison {
  const week = Number.isFinite(weekInput) ? Math.max(0, Math.floor(weekInput)) : 0;
  if (week < FIRST_SIZE_WEEK) return { stage: "early", week, firstWeek: FIRST_SIZE_WEEK, message: SIZE_MESSAGES.early };
  const last = WEEK_SIZES[WEEK_SIZES.length - 1];
  if (!last) throw new Error("WEEK_SIZES is empty");
  if (week > LAST_SIZE_WEEK) return { stage: "past-due", week, entry: last, message: SIZE_MESSAGES.pastDue };
  const entry = WEEK_SIZES[week - FIRST_SIZE_WEEK];
  if (!entry) throw new Error(`No size for week ${week}`);
  return { stage: "growing", week, entry };
}
