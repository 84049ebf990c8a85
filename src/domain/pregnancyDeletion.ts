/**
 * Deleting a pregnancy (issue 20): its owner's way out that takes everything with it, for everyone
 * in it. Confirmed by typing the pregnancy's title, so it is never one stray click.
 */
import { formatPrice } from "./billing";
import type { CancellationRefund } from "./subscription";

/** Exactly what deleting the pregnancy removes, as the confirmation states it. */
export const PREGNANCY_DELETION_REMOVES = [
  "every photo and its thumbnail, with their likes, comments and tags",
  "every post, with its comments and likes",
  "the calendar: every event, invitation and answer",
  "every registry and every suggestion for it",
  "the baby game: every guess and the results",
  "every health record and tracker: cravings, symptoms, birth plan, hospital bag, medical contacts, kick counts, contractions and vitamins",
  "the waiting room's whole history: messages, pictures, reactions and direct messages",
  "the babies and dates, and the place of your partner and every guest in it",
] as const;

/** Settings' section for the owner: the two ways out of owning a pregnancy (this file and pregnancyHandOver.ts). */
export const OWNERSHIP_SECTION = {
  title: "Ownership",
  description: (title: string) => `You own ${title}. To leave it or delete your account, hand it to your partner or delete it first.`,
} as const;

/** Settings' section listing the cancelled pregnancies the user owns, each to delete now. */
export const CLOSED_PREGNANCIES_SECTION = {
  title: "Closed pregnancies",
  description: "Pregnancies you closed by cancelling their subscription. Each says until when you can download it and until when we keep it.",
} as const;

export const PREGNANCY_DELETION_MESSAGES = {
  sectionTitle: "Delete this pregnancy",
  explanation: (title: string) => `Delete ${title} with everything in it, for you, your partner and every guest. This cannot be undone.`,
  dialogTitle: (title: string) => `Delete ${title}?`,
  intro: "Deleting this pregnancy removes, for you, your partner and every guest, for good:",
  subscription: "Its subscription is cancelled at once, just as cancelling in Billing does, so nothing more is charged for it.",
  typeTitle: (title: string) => `Type the pregnancy's title, ${title}, to confirm`,
  confirm: "Delete pregnancy",
  titleMismatch: "That is not this pregnancy's title. Type it exactly as it is shown.",
  failed: "Could not delete the pregnancy",
  deletedToast: (title: string) => `${title} was deleted`,
  deletedSubject: (title: string) => `${title} was deleted`,
  /** To the partner and every guest. */
  deletedForMember: (ownerName: string, title: string) => [
    `${ownerName} deleted "${title}" on BabySteps, with its photos, posts, calendar and everything else in it.`,
    "You can no longer open it. Your own BabySteps account is not affected.",
  ],
  /** To the owner, as a record of what they did. */
  deletedForOwner: (title: string) => [`You deleted "${title}" with everything in it. Your partner and guests have been told.`, "Any subscription it had is cancelled: nothing more is charged for it."],
} as const;

/** The deletion toast's second line: what cancelling its subscription gave back, or nothing when nothing was. */
export function refundNote({ cardCents, creditCents }: CancellationRefund): string | undefined {
  const parts = [cardCents > 0 ? `${formatPrice(cardCents)} refunded to your card` : null, creditCents > 0 ? `${formatPrice(creditCents)} of gift card credit back on your account` : null];
  const given = parts.filter((part) => part !== null).join(", and ");
  return given ? `This month's payment: ${given}.` : undefined;
}

/** The typed confirmation matches the title: spaces at the ends and runs of spaces do not count, letters and their case do. */
export function titleConfirms(typed: string, title: string): boolean {
  const tidy = (text: string) => text.trim().replace(/\s+/g, " ");
  return tidy(typed) !== "" && tidy(typed) === tidy(title);
}

/** Where the owner lands once their pregnancy is gone: another pregnancy they are a parent of, else one they follow, else the way to start one. */
export function landingAfterDeletion(mine: { parentPregnancy: unknown; guestPregnancies: readonly unknown[] }): "/dashboard" | "/pregnancies" | "/become-parent" {
  if (mine.parentPregnancy) return "/dashboard";
  return mine.guestPregnancies.length > 0 ? "/pregnancies" : "/become-parent";
}
