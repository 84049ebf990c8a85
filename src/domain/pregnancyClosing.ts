/**
 * Closing a pregnancy by cancelling its subscription (terms: it closes at once and ends parent
 * features and guest access), and what each person it affects is told (issue 35): the partner and
 * every guest by mail and in the app, the owner by the dashboard, which keeps showing the closed
 * pregnancy with its download. Dates come in already written for the reader.
 */
import { READ_ONLY_YEARS } from "./dates";
import { EXPORT_AFTER_CLOSURE_DAYS } from "./dataExport";

/** Who a closing notice is for: the people who lose the pregnancy, not its owner. */
export type ClosingNoticeRole = "partner" | "guest";

export const isClosingNoticeRole = (role: string): role is ClosingNoticeRole => role === "partner" || role === "guest";

export interface ClosingFacts {
  title: string;
  /** The owner who cancelled, as their name reads. */
  closedBy: string;
  /** The day it closed. */
  closedOn: string;
  /** The last day its owner can download it. */
  downloadUntil: string;
}

/** What the closing means for the partner or a guest: the same lines in the mail and in the app. */
export function closingLines(role: ClosingNoticeRole, facts: ClosingFacts): string[] {
  const { title, closedBy, closedOn, downloadUntil } = facts;
  const happened = `${closedBy} cancelled the BabySteps subscription for ${title} on ${closedOn}, which closes the pregnancy for everyone.`;
  if (role === "partner") {
    return [
      happened,
      "As its partner you no longer have access: its photos, posts, calendar, waiting room and health records are closed, and nothing more can be added.",
      `${closedBy} can download everything in it until ${downloadUntil}: ask them for a copy of anything you want to keep. Your own BabySteps account stays open.`,
    ];
  }
  return [
    happened,
    "Your guest access ended then: its photos, posts, calendar and waiting room are no longer open to you.",
    "Your BabySteps account stays open, with any other pregnancy you follow.",
  ];
}

export const CLOSING_MESSAGES = {
  /** The mail's subject and the in-app notice's heading. */
  closedHeading: (title: string) => `${title} was closed`,
  mailAction: "Open BabySteps",
  dismiss: "Got it",
  dismissLabel: (title: string) => `Got it: ${title} was closed`,
  /** The owner's mail, a record of what they did and until when they can download it. */
  ownerSubject: (title: string) => `You closed ${title}`,
  ownerMail: (title: string, closedOn: string, downloadUntil: string) => [
    `You cancelled the subscription for ${title} on ${closedOn}, which closed it. Your partner and guests no longer have access, and we have told each of them by email.`,
    `You can download everything in it until ${downloadUntil}, from your dashboard or Settings.`,
  ],
  /** The owner's dashboard while the closed pregnancy can still be downloaded. */
  ownerHeading: (title: string) => `${title} is closed`,
  ownerCard: (closedOn: string) =>
    `You cancelled its subscription on ${closedOn}. Nothing in it can be changed any more, and your partner and guests no longer have access: we told each of them by email and here in the app.`,
  ownerSettingsLink: "Delete it now, or see how long we keep it",
} as const;

/**
 * What happens to a closed pregnancy's data, one line per date, so the download deadline and the
 * years it is kept never read as the same promise.
 */
export const CLOSED_KEEPING = {
  download: (downloadUntil: string) => `Download: until ${downloadUntil} (${EXPORT_AFTER_CLOSURE_DAYS} days after you closed it). After that no one can open or download it, you included.`,
  downloadEnded: (endedOn: string) => `Download: ended on ${endedOn}, ${EXPORT_AFTER_CLOSURE_DAYS} days after you closed it. No one can open or download it any more, you included.`,
  kept: (keptUntil: string) => `Kept: closed to everyone until ${keptUntil} (${READ_ONLY_YEARS} years after its service ended, as our terms say), then deleted for good. Delete it now if you would rather not wait.`,
} as const;
