/**
 * When a pregnancy ends in loss (issue 38): a parent records it in Settings for the pregnancy or for
 * one baby of several. From then on nothing speaks of a baby on the way, nobody is told unless the
 * parents choose to, and they decide what the family keeps seeing. Texts here are ours: short,
 * plain and calm, with no celebration in them.
 */
import { z } from "zod";
import { MS_PER_DAY } from "./units";
import { namesInWords } from "./waitingRoom";

/** A loss recorded by mistake can be undone for this many days. */
export const LOSS_UNDO_DAYS = 14;

/** Until when a loss recorded at `recordedAt` can be undone. */
export const lossUndoUntil = (recordedAt: Date): Date => new Date(recordedAt.getTime() + LOSS_UNDO_DAYS * MS_PER_DAY);

export const canUndoLoss = (recordedAt: Date, now: Date): boolean => now.getTime() < lossUndoUntil(recordedAt).getTime();

/**
 * What the family keeps of the album, posts and messages after the pregnancy has ended: as before,
 * to look at only (read-only, as after the service's end), or the parents alone.
 */
export const LOSS_MEMORIES = ["shared", "read-only", "parents-only"] as const;
export type LossMemories = (typeof LOSS_MEMORIES)[number];
export const lossMemoriesSchema = z.enum(LOSS_MEMORIES);

export const LOSS_MEMORY_LABELS: Record<LossMemories, { label: string; hint: string }> = {
  shared: { label: "Keep them as they are", hint: "Everyone who could see them still can, and can still write." },
  "read-only": { label: "Let the family look, but add nothing new", hint: "Everyone who could see them still can. Nobody else can post, upload, comment or reply." },
  "parents-only": { label: "Keep them for the two of us", hint: "Guests no longer see this pregnancy at all. You can change this later." },
};

/** How a guest's access reads after a loss: hidden, read-only or as before. Parents keep full use. */
export function guestAccessAfterLoss(memories: LossMemories | null): "hidden" | "read-only" | "as-before" {
  if (memories === "parents-only") return "hidden";
  if (memories === "read-only") return "read-only";
  return "as-before";
}

/** The gentle draft the parents may change or replace: it names a lost baby of several, never guesses a name for one. */
export function lossMessageDraft(lostBabyName: string | null): string {
  const lost = lostBabyName ? `we lost ${lostBabyName}` : "we lost our baby";
  return `We are heartbroken to share that ${lost}. Thank you for your love. We will be in touch when we are ready.`;
}

export const LOSS_MESSAGE_MAX_LENGTH = 2000;

export const LOSS_TEXTS = {
  settingsHeading: "Our pregnancy has ended",
  settingsLink: "Our pregnancy has ended",
  settingsIntro:
    "If your pregnancy has ended in a loss, we are so sorry. You can tell the app here, and it will stop everything about a baby on the way, for everyone, at once. Nobody is told unless you choose to.",
  whatEnded: "What has ended",
  wholePregnancy: "Our pregnancy",
  oneBaby: (name: string) => `Only ${name}`,
  oneBabyHint: (others: string[]) => `From then on the app speaks only of ${namesInWords(others)}.`,
  record: "Record this",
  confirmTitle: "Record that the pregnancy has ended?",
  confirmTitleBaby: (name: string) => `Record the loss of ${name}?`,
  confirmBody: `Countdowns, size updates, the baby game, the waiting room and pregnancy emails stop for everyone at once. Nobody is told. You can undo this for ${LOSS_UNDO_DAYS} days.`,
  confirmBodyBaby: (name: string) => `The app will stop speaking of ${name}, for everyone, at once. Nobody is told. You can undo this for ${LOSS_UNDO_DAYS} days.`,
  confirm: "Record it",
  cancel: "Not now",
  recorded: "It is recorded. Nothing else changes until you choose.",
  recordedLine: (when: string, by: string) => `${by} recorded this on ${when}.`,
  undoHint: (until: string) => `If this was recorded by mistake, you can undo it until ${until}.`,
  undo: "Undo this",
  undoConfirmTitle: "Undo the record of the loss?",
  undoConfirmBody: "Everything the app stopped comes back as it was. Anything you already told the family stays sent.",
  undone: "Undone. Everything is back as it was.",
  /** The other parent's notice in the app. */
  partnerNoticeHeading: "The pregnancy has ended",
  partnerNotice: (by: string) => `${by} recorded in the app that the pregnancy has ended. Everything about a baby on the way has stopped. Nobody has been told.`,
  partnerNoticeBaby: (by: string, name: string) => `${by} recorded the loss of ${name} in the app. The app no longer speaks of ${name}. Nobody has been told.`,
  partnerNoticeOpen: "See what you can do",
  dismiss: "Close",
  tellHeading: "Tell your family",
  tellIntro: "Only if and when you want to. Use your own words: we started a draft you can change or replace.",
  messageLabel: "Your message",
  whoHeading: "Who should hear it",
  circlesHeading: "Circles",
  peopleHeading: "People",
  howHeading: "How",
  inApp: "In the app",
  byMail: "By email",
  noReplies: "Ask for no replies or reactions",
  noRepliesLine: "Please don't reply to this message.",
  send: "Send message",
  sent: (count: number) => (count === 1 ? "Sent to 1 person." : `Sent to ${count} people.`),
  chooseSomeone: "Choose at least one circle or person.",
  chooseHow: "Choose in the app, by email, or both.",
  writeSomething: "Write a message first.",
  mailSubject: (from: string) => `A message from ${from}`,
  celebrationsHeading: "Upcoming celebrations",
  celebrationsIntro: "You can cancel these one by one, with or without a note to the people invited.",
  noCelebrations: "There are no upcoming celebrations on the calendar.",
  cancelEvent: (title: string) => `Cancel ${title}`,
  cancelNote: "A note to the invited (optional)",
  eventCancelled: "Cancelled. The invited have been told.",
  eventCancelledQuietly: "Cancelled.",
  eventCancelledSubject: (title: string) => `${title} is cancelled`,
  eventCancelledLine: (title: string, date: string) => `${title} on ${date} will not take place.`,
  memoriesHeading: "Your album, posts and messages",
  memoriesIntro: "They stay yours. You can download everything, or delete it, whenever you are ready: in Settings, under Your data.",
  memoriesSaved: "Saved.",
  billingHeading: "Your subscription",
  billingStopped: "Your subscription will not renew. No further payments will be taken.",
  billingStoppedPartner: (owner: string) => `${owner}'s subscription for this pregnancy will not renew. No further payments will be taken.`,
  billingNone: "There is no running subscription to stop.",
  refund: "Refund this month's payment",
  refunded: (amount: string) => `${amount} was refunded to the card that paid it.`,
  refundedCredit: (amount: string) => `${amount} went back to your account's credit.`,
  nothingToRefund: "This month's payment had nothing to refund.",
  billingMailSubject: "Your subscription will not renew",
  billingMail: (title: string) => [`We are so sorry for your loss. We have stopped the subscription for ${title}: it will not renew, and no further payments will be taken.`, "You do not need to do anything else. Everything you shared stays yours."],
  refundMailSubject: "Your refund",
  refundMail: (amount: string) => [`We have refunded this month's payment, ${amount}. It can take a few days to reach you.`],
  support: "Support after a loss",
  providerFailed: "We could not reach our payment provider, so nothing has changed. Please try again in a moment.",
  /** Guests and the parents' dashboard after the pregnancy has ended: no countdown, no progress. */
  dashboardParentLine: "The app has stopped everything about a baby on the way. Take all the time you need.",
  dashboardParentLink: "What you can do",
  gameClosed: "The baby game is closed.",
  /** A guest's one line when the parents keep everything to look at only. */
  readOnlyLine: "You can look at everything the parents shared here, but nothing new can be added.",
  roomClosed: "The waiting room is closed.",
} as const;

export const LOSS_ERRORS = {
  alreadyRecorded: "This has already been recorded.",
  notRecorded: "There is no recorded loss to undo.",
  undoExpired: `A loss can be undone for ${LOSS_UNDO_DAYS} days after it was recorded.`,
  lastBaby: "To record a loss for the only baby still expected, choose the whole pregnancy.",
  unknownBaby: "That baby is not part of this pregnancy.",
  ownerOnlyRefund: "Only the person who pays for the subscription can take the refund.",
  noLoss: "This is only for a pregnancy that has ended.",
  notCelebration: "Only an upcoming celebration can be cancelled here.",
  alreadyRefunded: "This month's payment has already been refunded.",
  pregnancyEnded: "This pregnancy has ended.",
} as const;
