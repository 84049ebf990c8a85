/**
 * Handing a pregnancy to its partner (issue 20): the owner's way out that leaves the family its
 * pregnancy. Roles swap and the subscription, with the Stripe customer that pays it, moves along.
 */

export const HAND_OVER_MESSAGES = {
  sectionTitle: "Hand this pregnancy to your partner",
  explanation: (title: string) => `Make your partner the owner of ${title}. You stay in it as the partner, and can then leave it or delete your account.`,
  noPartner: "Only a partner who has joined with their own account can take over. Invite your partner first.",
  button: (partner: string) => `Hand to ${partner}`,
  dialogTitle: (partner: string) => `Hand this pregnancy to ${partner}?`,
  whatChanges: (partner: string) => [
    `${partner} becomes the owner: they manage the subscription and are the only one who can cancel it or delete the pregnancy.`,
    "You become the partner: you keep every parent feature, and can then leave the pregnancy or delete your account.",
    `The subscription moves to ${partner}: billing mail and the billing portal reach them, and any gift-card credit on it goes with it.`,
    `The card on file keeps paying until ${partner} changes it in Settings > Billing.`,
  ],
  confirm: (partner: string) => `Hand to ${partner}`,
  failed: "Could not hand the pregnancy over",
  notAPartner: "Ownership can only go to this pregnancy's partner, once they have joined with their own account.",
  partnerAlreadyPays: (name: string) => `${name} already pays for a BabySteps subscription of their own. They can take this pregnancy over once that subscription has ended.`,
  handedOverToast: (partner: string) => `${partner} now owns this pregnancy`,
  newOwnerSubject: (title: string) => `You now own ${title}`,
  newOwner: (formerOwner: string, title: string) => [
    `${formerOwner} handed "${title}" to you on BabySteps: you are now its owner.`,
    "Its subscription is yours to manage in Settings > Billing. The card on file keeps paying until you change it there.",
  ],
  formerOwnerSubject: (title: string) => `You handed ${title} to your partner`,
  formerOwner: (newOwner: string, title: string) => [
    `${newOwner} now owns "${title}" and its subscription; billing mail goes to them from now on.`,
    `You are its partner. The card on file keeps paying until ${newOwner} changes it in Settings > Billing.`,
  ],
} as const;
