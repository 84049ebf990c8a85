/** Contacts texts. The spec has no wording for this screen, so these are ours, in the app's style. */
export const CONTACTS_MESSAGES = {
  description: "Everyone taking part in your pregnancy, how to reach them and how they answered your invitations.",
  guestDescription: "The family and friends taking part in this pregnancy and how to reach them. Only the parents change this list.",
  loadFailed: "Failed to load contacts",
  historyLoadFailed: "Failed to load RSVP history",
  noInvitations: "No invitations yet",
  noGuests: "You haven't invited any family or friends yet. Invite them from Settings and they will appear here.",
  inviteInSettings: "Invite family and friends",
  medicalTitle: "Medical contacts",
  medicalSummary: "Your provider, hospital, doula and paediatrician live in Health",
  medicalLink: "Open medical contacts",
  searchLabel: "Search contacts",
  searchHint: "By name or email",
} as const;
