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

/** Seeds have no emoji: the card draws them (their colour and size by kind). */
export type SeedKind = "poppy" | "sesame" | "lentil";

/** What the card shows beside the size: an emoji of that very thing, or a drawn seed. */
export type SizePicture = { kind: "emoji"; emoji: string } | { kind: "seed"; seed: SeedKind };

export interface WeekSize {
  week: number;
  /** What baby is about the size of, with its article: 'a poppy seed', 'an avocado'. */
  size: string;
  /** A picture of the size named; decorative (the text says it all). */
  picture: SizePicture;
  /** One line on what is happening this week. */
  development: string;
}

const seed = (kind: SeedKind): SizePicture => ({ kind: "seed", seed: kind });
const emoji = (character: string): SizePicture => ({ kind: "emoji", emoji: character });

/**
 * Weeks 4 to 40 in order; WEEK_SIZES[i].week === FIRST_SIZE_WEEK + i. Only things with a picture
 * of their own are named (an emoji showing a mango under "a papaya" misleads): where the usual
 * comparison has no emoji, a thing near its size that has one takes its place.
 */
export const WEEK_SIZES: readonly WeekSize[] = Object.freeze(
  (
    [
      ["a poppy seed", seed("poppy"), "The embryo is settling in and the placenta is starting to form."],
      ["a sesame seed", seed("sesame"), "The neural tube and a tiny heart are beginning to form."],
      ["a lentil", seed("lentil"), "Baby's heart has started to beat."],
      ["a blueberry", emoji("🫐"), "Arm and leg buds are sprouting and the brain is growing fast."],
      ["a kidney bean", emoji("🫘"), "Fingers and toes are starting to form."],
      ["a cherry", emoji("🍒"), "All the essential organs have begun to develop."],
      ["a strawberry", emoji("🍓"), "Baby is now called a fetus, and tiny nails are forming."],
      ["a kiwi", emoji("🥝"), "Baby can open and close their hands, and bones are hardening."],
      ["a tomato", emoji("🍅"), "Reflexes are developing: baby may curl fingers and toes."],
      ["a lemon", emoji("🍋"), "Fingerprints are forming on baby's tiny fingertips."],
      ["a peach", emoji("🍑"), "Baby can squint, frown and may even suck a thumb."],
      ["an apple", emoji("🍎"), "Baby can sense light through closed eyelids."],
      ["an avocado", emoji("🥑"), "Little muscles let baby move their head and make faces."],
      ["a pear", emoji("🍐"), "Baby's skeleton is turning from soft cartilage into bone."],
      ["a bell pepper", emoji("🫑"), "Baby's ears are in place and may start to pick up sounds."],
      ["a mango", emoji("🥭"), "A protective coating called vernix is forming on baby's skin."],
      ["a banana", emoji("🍌"), "Halfway there! You may start to feel baby's kicks."],
      ["a carrot", emoji("🥕"), "Baby swallows amniotic fluid and can taste some flavours."],
      ["a cucumber", emoji("🥒"), "Eyebrows and eyelids are fully formed."],
      ["a bunch of grapes", emoji("🍇"), "Baby's hearing is sharpening: talk and sing to them."],
      ["an ear of corn", emoji("🌽"), "Baby's lungs are growing branches to prepare for breathing."],
      ["a sweet potato", emoji("🍠"), "Baby is gaining fat and their skin is getting smoother."],
      ["a head of lettuce", emoji("🥬"), "Baby's eyes are starting to open."],
      ["a head of broccoli", emoji("🥦"), "Baby sleeps and wakes on a regular schedule."],
      ["an eggplant", emoji("🍆"), "Baby can blink and may even be dreaming."],
      ["a loaf of bread", emoji("🍞"), "Muscles and lungs keep maturing every day."],
      ["a cabbage", emoji("🥬"), "Baby's brain is growing quickly."],
      ["a coconut", emoji("🥥"), "Baby can turn their head from side to side."],
      ["a napa cabbage", emoji("🥬"), "Baby is practising breathing movements."],
      ["a pineapple", emoji("🍍"), "Baby's bones are hardening, while the skull stays soft."],
      ["a cantaloupe", emoji("🍈"), "Baby's central nervous system is maturing."],
      ["a honeydew melon", emoji("🍈"), "Baby is putting on weight quickly now."],
      ["a head of romaine lettuce", emoji("🥬"), "Baby is shedding the fine hair that covered their body."],
      ["a bunch of Swiss chard", emoji("🥬"), "Baby is early term and practising for life outside."],
      ["a winter melon", emoji("🍈"), "Baby's organs are ready for life outside the womb."],
      ["a mini watermelon", emoji("🍉"), "Baby is full term and building fat to keep warm."],
      ["a small pumpkin", emoji("🎃"), "Baby is ready to meet you any day now."],
    ] as const
  ).map(([size, picture, development], index) => Object.freeze({ week: FIRST_SIZE_WEEK + index, size, picture, development })),
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
