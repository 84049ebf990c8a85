/**
 * Deleting an account (issue 20): confirmed with a 6-digit code sent to the account's mailbox,
 * which proves the person deleting is the one who owns the address, not only a signed-in browser.
 */
import { MS_PER_MINUTE } from "./units";

/** A deletion code is good for this long. */
export const ACCOUNT_DELETION_CODE_MS = 10 * MS_PER_MINUTE;

export const ACCOUNT_DELETION_MESSAGES = {
  codeSubject: "Your code to delete your BabySteps account",
  code: (code: string) => [`Your code is ${code}. It works for ${ACCOUNT_DELETION_CODE_MS / MS_PER_MINUTE} minutes.`, "Enter it in Settings to delete your account. If you did not ask for this, change your password: someone may be signed in as you."],
  wrongCode: "That code is not right or has expired. Ask for a new one.",
  ownsPregnancy: (title: string) => `You own "${title}". Cancel its subscription and delete it, or hand it to your partner, before deleting your account.`,
  deletedSubject: "Your BabySteps account was deleted",
  deletedToast: "Your account was deleted",
  deleted: ["Your account and everything you added to BabySteps have been deleted.", "Thank you for letting us be part of your family's story."],
} as const;

/** Exactly what deleting the account removes, as the confirmation states it. */
export const ACCOUNT_DELETION_REMOVES = [
  "your profile, picture and sign-in",
  "the photos you uploaded and the waiting-room pictures you sent",
  "your posts, comments, likes, messages and game guesses",
  "your place in every pregnancy you were invited to",
] as const;
