/** Leaving a pregnancy (issue 20): a guest or the partner, never the owner. */
export const LEAVING_MESSAGES = {
  ownerCannotLeave: "You own this pregnancy. Hand it to your partner or delete it (Settings > Ownership) instead of leaving.",
  keep: "Leave, and keep what I added: your photos, posts, comments and messages stay, under your name.",
  remove: "Leave, and remove what I added: your photos, posts, comments, likes, messages, guesses and suggestions in this pregnancy are deleted.",
  left: (title: string) => `You have left ${title}.`,
} as const;
