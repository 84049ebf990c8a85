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
  ownsPregnancy: (title: string) => `You own "${title}". Hand it to your partner or delete it (Settings > Ownership) before deleting your account.`,
  deletedSubject: "Your BabySteps account was deleted",
  deletedToast: "Your account was deleted",
  deleted: (photos: AccountDeletionPhotos) => [
    photos === "keep"
      ? "Your account and everything you added to BabySteps have been deleted, except the photos you uploaded: as you chose, they stay in the families' albums, shown as from a former member."
      : "Your account and everything you added to BabySteps have been deleted.",
    "Thank you for letting us be part of your family's story.",
  ],
} as const;

/** What happens to the photos a deleted account uploaded: the person deleting chooses. */
export const ACCOUNT_DELETION_PHOTOS = ["keep", "remove"] as const;
export type AccountDeletionPhotos = (typeof ACCOUNT_DELETION_PHOTOS)[number];

/** The choice as the confirmation offers it. */
export const ACCOUNT_DELETION_PHOTO_CHOICES = [
  { value: "keep", label: "Keep my photos in the albums", description: "The photos you uploaded stay in each family's album, shown as from a former member. Only the parents can delete them later." },
  { value: "remove", label: "Delete my photos too", description: "The photos you uploaded are deleted from every album, with their likes and comments." },
] as const satisfies readonly { value: AccountDeletionPhotos; label: string; description: string }[];

/** Exactly what deleting the account removes for each choice, as the confirmation states it. */
export const ACCOUNT_DELETION_REMOVES: Record<AccountDeletionPhotos, readonly string[]> = {
  keep: [
    "your profile, picture and sign-in",
    "the waiting-room pictures you sent",
    "your posts, comments, likes, messages and game guesses",
    "your place in every pregnancy you were invited to",
  ],
  remove: [
    "your profile, picture and sign-in",
    "the photos you uploaded, with their likes and comments, and the waiting-room pictures you sent",
    "your posts, comments, likes, messages and game guesses",
    "your place in every pregnancy you were invited to",
  ],
};

/** Who uploaded a photo whose uploader has deleted their account (and left the photo in the album). */
export const FORMER_MEMBER_NAME = "Former member";
