/** What the installed app says about itself: a waiting new version (UpdatePrompt) and starting offline (OfflineApp). */

export const UPDATE_TEXTS = { title: "New version available", body: "Reload to use it. Nothing you have saved is lost.", reload: "Reload" } as const;

export const OFFLINE_TEXTS = {
  title: "You're offline",
  toolNotice: "You're offline. What you record is saved on this device and sent when the connection is back.",
  screenNeedsConnection: "This screen needs a connection. These tools work without one:",
  noTools: "BabySteps needs a connection to open this screen. The kick counter and the contraction timer also open offline once a parent has used the app on this device.",
  tryAgain: "Try again",
} as const;

/** Why a guest's area refuses them (the shell shows the item as 'Limited Access'). */
export const LIMITED_AREA_TEXTS = {
  calendar: "The parents have not shared their calendar with you. Events you are invited to are on your dashboard.",
  contacts: "The parents have not shared the family's contact list with you.",
} as const;
