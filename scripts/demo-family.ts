import type { GuestPrivacyLevel, GuestRelationship, ParticipantRole, PermissionFlag } from "../src/domain/enums";

/** The seeded demo family (README and tests sign in with these). */
export const DEMO_PASSWORD = "babysteps123";
export const DEMO_PREGNANCY_TITLE = "Our Little Bean's Journey";
/** Due this many days after the day the seed runs. */
export const DEMO_DAYS_UNTIL_DUE = 70;

export interface DemoMember {
  key: "olivia" | "noah" | "grandma" | "maya" | "sam";
  email: string;
  firstName: string;
  lastName: string;
  role: ParticipantRole;
  title: string;
  relationship?: GuestRelationship;
  privacyLevel?: GuestPrivacyLevel;
  /** Flags that differ from the role's defaults. */
  overrides?: Partial<Record<PermissionFlag, boolean>>;
}

export const DEMO_FAMILY: readonly DemoMember[] = [
  { key: "olivia", email: "olivia@example.com", firstName: "Olivia", lastName: "Parker", role: "owner", title: "Mom" },
  { key: "noah", email: "noah@example.com", firstName: "Noah", lastName: "Parker", role: "partner", title: "Dad" },
  {
    key: "grandma",
    email: "grandma@example.com",
    firstName: "Helen",
    lastName: "Parker",
    role: "guest",
    title: "Grandma",
    relationship: "grandparent",
    privacyLevel: "immediate-family",
  },
  {
    key: "maya",
    email: "aunt.maya@example.com",
    firstName: "Maya",
    lastName: "Reed",
    role: "guest",
    title: "Aunt Maya",
    relationship: "aunt-uncle",
    privacyLevel: "extended-family",
  },
  {
    key: "sam",
    email: "sam.friend@example.com",
    firstName: "Sam",
    lastName: "Lee",
    role: "guest",
    title: "Sam",
    relationship: "friend",
    privacyLevel: "friends",
    overrides: { canPlayBabyGame: false },
  },
];

/** A referral code the demo family can hand out (25% off the first month). */
export const DEMO_REFERRAL_CODE = "bean2026";

export const DEMO_BABIES = [
  { name: "Bean", gender: "unknown" as const },
  { name: "Sprout", gender: "unknown" as const },
];

export const demoMember = (key: DemoMember["key"]): DemoMember => {
  const member = DEMO_FAMILY.find((m) => m.key === key);
  if (!member) throw new Error(`No demo member ${key}`);
  return member;
};
