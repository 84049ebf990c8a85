import type { EventCategory, GuestPrivacyLevel, GuestRelationship, HealthLogKind, ItemPrivacyLevel, MedicalContactKind, ParticipantRole, PermissionFlag, RsvpStatus } from "../src/domain/enums";
import type { EyeColor, HairColor } from "../src/domain/babyGame";
import type { MilestoneKey } from "../src/domain/milestones";
import type { PresetRetailerKey } from "../src/domain/registry";

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

type DemoKey = DemoMember["key"];

/** Something a demo member wrote, timed from the moment the room opened. */
export interface DemoText {
  id: string;
  author: DemoKey;
  minutesAfterOpening: number;
  content: string;
}

interface DemoGroupMessage extends DemoText {
  /** A pinned parent update (the author is a parent). */
  parentUpdate?: boolean;
  replies?: readonly DemoText[];
  reactions?: ReadonlyArray<{ by: DemoKey; emoji: string }>;
}

interface DemoWaitingRoom {
  sessionId: string;
  daysAgo: number;
  /** When the parents opened the room that evening (UTC, HH:mm). */
  openedAtUtc: string;
  openedBy: DemoKey;
  /** The system notices the server posts: opened, false alarm (closing 2 h later), closed. */
  noticeIds: { activated: string; falseAlarm: string; closed: string };
  falseAlarmAfterMinutes: number;
  messages: readonly DemoGroupMessage[];
  /** A direct conversation; what one side wrote after the other's last message is unread. */
  conversation: { id: string; between: readonly [DemoKey, DemoKey]; messages: readonly DemoText[] };
}

/**
 * A short past waiting-room conversation: a false alarm some days ago, closed long since, so the
 * demo room is inactive. Stable ids: seeding again finds them and adds nothing.
 */
export const DEMO_WAITING_ROOM: DemoWaitingRoom = {
  sessionId: "dddc33d3-4685-463d-8a96-ffa42327e2a3",
  daysAgo: 12,
  openedAtUtc: "19:30",
  openedBy: "olivia",
  noticeIds: {
    activated: "12a45846-31c7-4a54-8d55-389329af8b3c",
    falseAlarm: "16e0087b-1b87-40c0-b40b-d0f20ff4c10e",
    closed: "00ca4031-3e17-47e0-8529-ab0ea88ea111",
  },
  falseAlarmAfterMinutes: 95,
  messages: [
    { id: "f1c807c9-0269-4b01-a0af-33f2cd8d2a9e", author: "grandma", minutesAfterOpening: 4, content: "Oh, my darlings! I'm right by the phone all night. Sending you all my love. 💕" },
    {
      id: "2411c5dc-962a-4c28-9747-0fb89c7ecd27",
      author: "maya",
      minutesAfterOpening: 6,
      content: "AHHH! Phone's on loud. You've totally got this, Liv!",
      replies: [
        { id: "5e010966-721b-498f-b242-ba9c0856ee33", author: "sam", minutesAfterOpening: 9, content: "Same here, the kettle's on and I'm not going anywhere ☕" },
        { id: "51a25d64-1463-4882-8615-909b9b03ed0b", author: "noah", minutesAfterOpening: 14, content: "Thank you both. She's doing brilliantly so far." },
      ],
    },
    { id: "814f742f-9e99-4e40-836e-463d13ad2a28", author: "sam", minutesAfterOpening: 11, content: "Bean and Sprout, take your time, we'll all wait. Thinking of you both!" },
    {
      id: "d5e9c0c8-5fdc-4ddf-be81-a899302d1473",
      author: "noah",
      minutesAfterOpening: 40,
      parentUpdate: true,
      content: "We're settled in at the hospital. The contractions have slowed right down, so the midwife wants to keep an eye on things for a while. Liv is comfortable and in good spirits.",
      reactions: [
        { by: "grandma", emoji: "❤️" },
        { by: "maya", emoji: "🙏" },
        { by: "sam", emoji: "❤️" },
      ],
    },
    { id: "97aebbc8-0491-4aa1-bb36-db32ddd4750b", author: "grandma", minutesAfterOpening: 52, content: "Rest while you can, both of you. And Noah, eat something from that bag of snacks I packed!" },
    {
      id: "30abd5fb-e3ab-4808-ba1d-9eb7dc2d0512",
      author: "olivia",
      minutesAfterOpening: 97,
      content: "False alarm, everyone! Bean and Sprout decided they're too comfy to leave just yet. Thank you for all the love tonight ❤️",
      reactions: [
        { by: "grandma", emoji: "🤗" },
        { by: "maya", emoji: "😂" },
      ],
    },
    { id: "530e8710-d0af-497b-a5e8-fcdcdada09df", author: "maya", minutesAfterOpening: 99, content: "Ha, keeping us on our toes already! Get some sleep, all of you." },
  ],
  conversation: {
    id: "9061ae7a-96d8-4287-94dc-bf40e7c0e443",
    between: ["noah", "maya"],
    messages: [
      { id: "b0879141-1885-4fc7-a6fa-3c18a946d9f8", author: "noah", minutesAfterOpening: 20, content: "Could you pop round and feed Biscuit if we end up staying the night?" },
      { id: "3f9b4eed-7192-4483-82f0-88dbb5007355", author: "maya", minutesAfterOpening: 24, content: "Already on my way with the spare key 🐱" },
      { id: "8f7ee18c-a0a3-4e79-95b8-ecd9a68ea7e5", author: "noah", minutesAfterOpening: 26, content: "You're a lifesaver. Thank you!" },
      { id: "ae6cd348-26a0-4003-983c-ad1190063f40", author: "maya", minutesAfterOpening: 230, content: "Hope you're all home and tucked in. Give Liv a big hug from me 💛" },
    ],
  },
};

/** A comment on a demo post, timed from the moment the post went up. */
interface DemoPostComment {
  id: string;
  by: DemoKey;
  minutesAfterPosting: number;
  content: string;
  replies?: readonly Omit<DemoPostComment, "replies">[];
}

export interface DemoPost {
  id: string;
  author: Extract<DemoKey, "olivia" | "noah">;
  daysAgo: number;
  /** When it went up that day (UTC, HH:mm). */
  postedAtUtc: string;
  /** Basic formatting only; the seed stores it as the server would, sanitised. */
  content: string;
  mood?: string;
  location?: string;
  privacyLevel: ItemPrivacyLevel;
  /** Members who liked it; each may see the post. */
  likes: readonly DemoKey[];
  comments: readonly DemoPostComment[];
}

/**
 * The parents' updates over the last weeks, oldest first, at the circles they chose: Sam (a friend)
 * sees the nursery post alone, Maya also the birth plan, Grandma all four. Stable ids: seeding again
 * finds them and adds nothing.
 */
export const DEMO_POSTS: readonly DemoPost[] = [
  {
    id: "5b1f0c3e-8a47-4c2e-9d61-2f7e4a9b0c11",
    author: "olivia",
    daysAgo: 26,
    postedAtUtc: "20:15",
    content:
      "<p><b>Both babies kicked at the same time tonight!</b> Noah had his hand on one side, I had mine on the other, and we just looked at each other and laughed.</p><p>Bean is the acrobat. Sprout prefers a <i>gentle</i> wiggle. 💕</p>",
    mood: "emotional",
    privacyLevel: "immediate-family",
    likes: ["noah", "grandma"],
    comments: [{ id: "0c6d2a7e-3f1b-4e58-a9c4-6b8d1e2f3a41", by: "grandma", minutesAfterPosting: 12, content: "That is exactly how your father used to kick! I can't wait to meet them both." }],
  },
  {
    id: "a3e9d4b2-7c15-4f08-b6a2-9e1c5d3f7b22",
    author: "noah",
    daysAgo: 18,
    postedAtUtc: "16:40",
    content:
      "<p>The nursery is coming together! This weekend we:</p><ul><li>painted the walls a soft sage green</li><li>built <em>two</em> cots (one spare screw left over, which is fine, probably)</li><li>hung the star mobile Maya gave us</li></ul><p>Thank you all for the love and the hand-me-downs.</p>",
    mood: "excited",
    location: "Home",
    privacyLevel: "friends",
    likes: ["olivia", "grandma", "maya", "sam"],
    comments: [
      {
        id: "7f2b8e1d-4a6c-4d39-8e07-1c5a9b3d2e63",
        by: "sam",
        minutesAfterPosting: 25,
        content: "Sage green, very stylish! Save me a spot in the reading chair 📚",
        replies: [{ id: "e4c1a9f7-2d8b-4a5e-9b13-7d6f0e8c4a94", by: "noah", minutesAfterPosting: 48, content: "Deal. Bring biscuits and it's yours all afternoon." }],
      },
      { id: "b8d3f6a2-9e4c-4b17-a5d8-3e2b7c1f9d05", by: "maya", minutesAfterPosting: 61, content: "The mobile looks perfect up there!" },
    ],
  },
  {
    id: "c7a4e2f9-1b3d-4e6a-8c59-4f0d2b8e6a33",
    author: "olivia",
    daysAgo: 9,
    postedAtUtc: "11:05",
    content:
      "<p>Our birth plan is written and the midwife gave it a thumbs up. The short version:</p><ol><li>calm music and dim lights</li><li>lots of ice chips</li><li><strong>Noah in charge of snacks</strong></li></ol>",
    mood: "happy",
    location: "Riverside Maternity Clinic",
    privacyLevel: "extended-family",
    likes: ["noah", "grandma", "maya"],
    comments: [{ id: "2a9c7e4b-6d1f-4c83-b2e5-8f4a1d7c3b16", by: "maya", minutesAfterPosting: 30, content: "Noah in charge of snacks is a brave choice 😂" }],
  },
  {
    id: "f1d8b5c3-4e7a-4b92-9d06-1a3c8e5f2d44",
    author: "noah",
    daysAgo: 3,
    postedAtUtc: "09:20",
    content:
      "<p>After the false alarm we did a proper practice run: bags by the front door, both car seats fitted (and checked twice), and the drive to the hospital timed at 18 minutes.</p><p>Bean and Sprout, we're ready whenever you are. <i>Well, almost.</i></p>",
    mood: "nervous",
    privacyLevel: "immediate-family",
    likes: ["olivia", "grandma"],
    comments: [{ id: "9e5f3c1a-8b2d-4f74-a6c9-2d7b4e1a8f27", by: "grandma", minutesAfterPosting: 15, content: "The freezer is full of meals for when you're home. Love you all ❤️" }],
  },
];

/** An invitee's answer to a demo event; an answer other than pending was given that many days ago. */
interface DemoInvitation {
  guest: Extract<DemoKey, "grandma" | "maya" | "sam">;
  rsvp: RsvpStatus;
  respondedDaysAgo?: number;
}

export interface DemoEvent {
  id: string;
  title: string;
  category: EventCategory;
  /** Days from the day the seed runs; negative for events already past. */
  daysFromToday: number;
  /** As stored ('HH:mm:ss'); none for an all-day event. */
  time?: string;
  location?: string;
  notes?: string;
  questions?: string;
  privacyLevel: ItemPrivacyLevel;
  createdBy: Extract<DemoKey, "olivia" | "noah">;
  invitedDaysAgo?: number;
  invitations?: readonly DemoInvitation[];
}

/**
 * The parents' calendar: two past appointments and the plans of the coming weeks, each shared
 * with the circle it concerns: the check-up with nobody, the dinner with immediate family, the
 * baby shower with friends (Grandma, Maya and Sam are invited and have answered differently).
 * Stable ids: seeding again finds them and adds nothing.
 */
export const DEMO_EVENTS: readonly DemoEvent[] = [
  {
    id: "6a0e3f52-9b1d-4c7e-8f24-3d5a7b9c1e01",
    title: "Anatomy scan",
    category: "medical",
    daysFromToday: -68,
    time: "10:15:00",
    location: "Riverside Maternity Clinic",
    notes: "Both babies measuring right on track. We kept the sexes a surprise!",
    privacyLevel: "immediate-family",
    createdBy: "olivia",
  },
  {
    id: "6a0e3f52-9b1d-4c7e-8f24-3d5a7b9c1e02",
    title: "Glucose test",
    category: "medical",
    daysFromToday: -27,
    time: "08:30:00",
    location: "Riverside Maternity Clinic",
    notes: "Fasting from midnight. Results came back normal.",
    privacyLevel: "parents-only",
    createdBy: "olivia",
  },
  {
    id: "6a0e3f52-9b1d-4c7e-8f24-3d5a7b9c1e03",
    title: "Third-trimester check-up",
    category: "medical",
    daysFromToday: 5,
    time: "09:30:00",
    location: "Riverside Maternity Clinic",
    questions: "When do we switch to weekly visits? Should we plan a scan for the twins' positions?",
    privacyLevel: "parents-only",
    createdBy: "olivia",
  },
  {
    id: "6a0e3f52-9b1d-4c7e-8f24-3d5a7b9c1e04",
    title: "Family dinner",
    category: "family",
    daysFromToday: 9,
    time: "18:30:00",
    location: "Grandma's house",
    notes: "Grandma is making her lasagne. We bring dessert.",
    privacyLevel: "immediate-family",
    createdBy: "noah",
  },
  {
    id: "6a0e3f52-9b1d-4c7e-8f24-3d5a7b9c1e05",
    title: "Baby shower",
    category: "celebration",
    daysFromToday: 16,
    time: "14:00:00",
    location: "Maya's garden",
    notes: "Afternoon tea and games. Bring a baby photo of yourself for the guessing game!",
    privacyLevel: "friends",
    createdBy: "olivia",
    invitedDaysAgo: 12,
    invitations: [
      { guest: "grandma", rsvp: "attending", respondedDaysAgo: 11 },
      { guest: "maya", rsvp: "maybe", respondedDaysAgo: 8 },
      { guest: "sam", rsvp: "pending" },
    ],
  },
];

/** Suggested milestones the parents added, auto-dated from the due date. */
export const DEMO_MILESTONE_EVENTS: ReadonlyArray<{ id: string; key: MilestoneKey; addedBy: Extract<DemoKey, "olivia" | "noah"> }> = [
  { id: "6a0e3f52-9b1d-4c7e-8f24-3d5a7b9c1e06", key: "due-date", addedBy: "olivia" },
];

export interface DemoRegistry {
  id: string;
  name: string;
  /** A preset retailer's key, or none for a custom registry. */
  retailer?: PresetRetailerKey;
  url: string;
  description?: string;
  isVisible: boolean;
  createdBy: Extract<DemoKey, "olivia" | "noah">;
}

/**
 * The parents' registries in their order: two preset retailers guests see, and a custom boutique
 * list still hidden while the parents fill it. Stable ids: seeding again adds nothing.
 */
export const DEMO_REGISTRIES: readonly DemoRegistry[] = [
  {
    id: "7b1f4a63-0c2e-4d8f-9a35-4e6b8c0d2f01",
    name: "Our Amazon Baby Registry",
    retailer: "amazon",
    url: "https://www.amazon.com/baby-reg/olivia-noah-parker",
    description: "Everyday essentials: diapers, wipes, bottles and the double stroller for the twins.",
    isVisible: true,
    createdBy: "olivia",
  },
  {
    id: "7b1f4a63-0c2e-4d8f-9a35-4e6b8c0d2f02",
    name: "Babylist",
    retailer: "babylist",
    url: "https://www.babylist.com/list/parker-twins",
    description: "Everything in one place, from any store, plus our fund for cloth diapers.",
    isVisible: true,
    createdBy: "noah",
  },
  {
    id: "7b1f4a63-0c2e-4d8f-9a35-4e6b8c0d2f03",
    name: "Little Sprout Boutique",
    url: "https://littlesprout.example.com/registry/parker",
    description: "Hand-knitted blankets from the shop around the corner. Still choosing!",
    isVisible: false,
    createdBy: "olivia",
  },
];

/** Guests' ideas for the registry, waiting for the parents' answer. */
export const DEMO_REGISTRY_SUGGESTIONS: ReadonlyArray<{ id: string; by: Extract<DemoKey, "grandma" | "maya" | "sam">; name: string; link?: string; note?: string }> = [
  {
    id: "7b1f4a63-0c2e-4d8f-9a35-4e6b8c0d2f11",
    by: "grandma",
    name: "Glider rocking chair",
    link: "https://www.potterybarnkids.com/products/glider",
    note: "For the night feeds. I rocked your father in one just like it.",
  },
  { id: "7b1f4a63-0c2e-4d8f-9a35-4e6b8c0d2f12", by: "maya", name: "Two baby carriers", note: "One for each of you, so you can both go on walks." },
];

/** One of Olivia's daily supplements, added some weeks ago and ticked on the listed days. */
export interface DemoSupplement {
  id: string;
  name: string;
  dose: string;
  timeOfDay: string;
  addedDaysAgo: number;
  takenDaysAgo: readonly number[];
}

const LAST_WEEK = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * Olivia's checklist: every supplement ticked on each of the last seven days, so the streak reads
 * 7 days and today's three are still to take. Noah keeps no supplements. Stable ids: seeding again
 * finds them and adds nothing.
 */
export const DEMO_SUPPLEMENTS: readonly DemoSupplement[] = [
  { id: "7b1f4c63-2a8e-4d5b-9c36-4e6b8cad2f01", name: "Prenatal vitamin", dose: "1 tablet", timeOfDay: "With breakfast", addedDaysAgo: 60, takenDaysAgo: [...LAST_WEEK, 9, 10] },
  { id: "7b1f4c63-2a8e-4d5b-9c36-4e6b8cad2f02", name: "Iron", dose: "27 mg", timeOfDay: "With lunch", addedDaysAgo: 40, takenDaysAgo: [...LAST_WEEK, 8, 10] },
  { id: "7b1f4c63-2a8e-4d5b-9c36-4e6b8cad2f03", name: "Vitamin D", dose: "400 IU", timeOfDay: "In the evening", addedDaysAgo: 40, takenDaysAgo: LAST_WEEK },
];

/** A kick-counting session: which twin (birth order), who counted, when (UTC), and the movements felt, evenly spread until the 10th. */
export interface DemoKickSession {
  id: string;
  birthOrder: 1 | 2;
  by: Extract<DemoKey, "olivia" | "noah">;
  daysAgo: number;
  startedAtUtc: string;
  minutesToTen: number;
  movements: number;
}

/** The evening counts of the last days, both twins, the last one by Noah. */
export const DEMO_KICK_SESSIONS: readonly DemoKickSession[] = [
  { id: "7b1f4c63-2a8e-4d5b-9c36-4e6b8cad2f11", birthOrder: 1, by: "olivia", daysAgo: 5, startedAtUtc: "20:10", minutesToTen: 24, movements: 10 },
  { id: "7b1f4c63-2a8e-4d5b-9c36-4e6b8cad2f12", birthOrder: 2, by: "olivia", daysAgo: 4, startedAtUtc: "20:40", minutesToTen: 31, movements: 11 },
  { id: "7b1f4c63-2a8e-4d5b-9c36-4e6b8cad2f13", birthOrder: 1, by: "olivia", daysAgo: 3, startedAtUtc: "19:55", minutesToTen: 18, movements: 12 },
  { id: "7b1f4c63-2a8e-4d5b-9c36-4e6b8cad2f14", birthOrder: 2, by: "olivia", daysAgo: 2, startedAtUtc: "21:05", minutesToTen: 27, movements: 10 },
  { id: "7b1f4c63-2a8e-4d5b-9c36-4e6b8cad2f15", birthOrder: 1, by: "olivia", daysAgo: 1, startedAtUtc: "20:20", minutesToTen: 15, movements: 10 },
  { id: "7b1f4c63-2a8e-4d5b-9c36-4e6b8cad2f16", birthOrder: 2, by: "noah", daysAgo: 1, startedAtUtc: "21:00", minutesToTen: 22, movements: 10 },
];

/** A few irregular practice contractions three evenings ago (far from the 5-1-1 pattern): an earlier session to look back on. */
export const DEMO_CONTRACTIONS: ReadonlyArray<{ id: string; daysAgo: number; startedAtUtc: string; seconds: number }> = [
  { id: "7b1f4c63-2a8e-4d5b-9c36-4e6b8cad2f21", daysAgo: 3, startedAtUtc: "18:02", seconds: 38 },
  { id: "7b1f4c63-2a8e-4d5b-9c36-4e6b8cad2f22", daysAgo: 3, startedAtUtc: "18:16", seconds: 45 },
  { id: "7b1f4c63-2a8e-4d5b-9c36-4e6b8cad2f23", daysAgo: 3, startedAtUtc: "18:38", seconds: 33 },
  { id: "7b1f4c63-2a8e-4d5b-9c36-4e6b8cad2f24", daysAgo: 3, startedAtUtc: "18:47", seconds: 41 },
];

/** A guess in the demo baby game, dated from the due date; by a demo member, or entered by a parent for someone without an account. */
export interface DemoPrediction {
  id: string;
  /** Index into DEMO_BABIES. */
  baby: number;
  by: DemoKey | { playerName: string; relationship: GuestRelationship; enteredBy: Extract<DemoKey, "olivia" | "noah"> };
  daysAgo: number;
  weightPounds: number;
  weightOunces: number;
  length: number;
  daysFromDue: number;
  /** As stored ('HH:mm:ss'). */
  time: string;
  hairColor?: HairColor;
  eyeColor?: EyeColor;
  nameGuess?: string;
}

/**
 * The baby game, still open: Grandma and Maya have guessed both twins, Noah only Bean, and Olivia
 * entered Great-grandpa Joe's guess for Bean (he has no account). Sam may not play. Stable ids:
 * seeding again finds them and adds nothing.
 */
export const DEMO_PREDICTIONS: readonly DemoPrediction[] = [
  { id: "b7a1c0de-5eed-4a11-9c00-000000000001", baby: 0, by: "grandma", daysAgo: 9, weightPounds: 6, weightOunces: 2, length: 19, daysFromDue: -10, time: "03:15:00", hairColor: "brown", eyeColor: "blue", nameGuess: "Rose" },
  { id: "b7a1c0de-5eed-4a11-9c00-000000000002", baby: 1, by: "grandma", daysAgo: 9, weightPounds: 5, weightOunces: 14, length: 18.5, daysFromDue: -10, time: "03:40:00", hairColor: "none", eyeColor: "blue" },
  { id: "b7a1c0de-5eed-4a11-9c00-000000000003", baby: 0, by: "maya", daysAgo: 6, weightPounds: 5, weightOunces: 9, length: 18, daysFromDue: -21, time: "22:05:00", hairColor: "black", eyeColor: "brown", nameGuess: "Lily" },
  { id: "b7a1c0de-5eed-4a11-9c00-000000000004", baby: 1, by: "maya", daysAgo: 6, weightPounds: 5, weightOunces: 4, length: 17.75, daysFromDue: -21, time: "22:31:00", eyeColor: "grey" },
  { id: "b7a1c0de-5eed-4a11-9c00-000000000005", baby: 0, by: "noah", daysAgo: 4, weightPounds: 6, weightOunces: 8, length: 19.25, daysFromDue: -14, time: "11:45:00", hairColor: "red" },
  {
    id: "b7a1c0de-5eed-4a11-9c00-000000000006",
    baby: 0,
    by: { playerName: "Great-grandpa Joe", relationship: "other", enteredBy: "olivia" },
    daysAgo: 2,
    weightPounds: 7,
    weightOunces: 0,
    length: 20,
    daysFromDue: -3,
    time: "06:00:00",
    nameGuess: "Joe",
  },
];

/** A craving or symptom the parents logged that many days before the seed ran, at a UTC time. */
export interface DemoHealthLog {
  id: string;
  kind: HealthLogKind;
  name: string;
  severity?: number;
  notes?: string;
  daysAgo: number;
  /** 'HH:mm', UTC. */
  atUtc: string;
  by: Extract<DemoKey, "olivia" | "noah">;
}

/** The last two weeks of cravings and symptoms (heartburn keeps coming back: the summary shows it). */
export const DEMO_HEALTH_LOGS: readonly DemoHealthLog[] = [
  { id: "8b7c1e20-4d3a-4f6b-9a51-2c7e0d9f4a01", kind: "symptom", name: "Heartburn", severity: 3, notes: "After a late dinner", daysAgo: 1, atUtc: "21:30", by: "olivia" },
  { id: "8b7c1e20-4d3a-4f6b-9a51-2c7e0d9f4a02", kind: "symptom", name: "Back pain", severity: 2, daysAgo: 2, atUtc: "18:00", by: "olivia" },
  { id: "8b7c1e20-4d3a-4f6b-9a51-2c7e0d9f4a03", kind: "symptom", name: "Braxton Hicks", severity: 2, notes: "A few in the afternoon, eased after resting", daysAgo: 3, atUtc: "15:10", by: "olivia" },
  { id: "8b7c1e20-4d3a-4f6b-9a51-2c7e0d9f4a04", kind: "symptom", name: "Leg cramps", severity: 4, notes: "Woke me up at night", daysAgo: 9, atUtc: "03:00", by: "olivia" },
  { id: "8b7c1e20-4d3a-4f6b-9a51-2c7e0d9f4a05", kind: "symptom", name: "Heartburn", severity: 4, daysAgo: 10, atUtc: "22:00", by: "olivia" },
  { id: "8b7c1e20-4d3a-4f6b-9a51-2c7e0d9f4a06", kind: "craving", name: "Pickles", notes: "With peanut butter. Don't judge.", daysAgo: 1, atUtc: "23:00", by: "olivia" },
  { id: "8b7c1e20-4d3a-4f6b-9a51-2c7e0d9f4a07", kind: "craving", name: "Ice cream", daysAgo: 4, atUtc: "20:00", by: "noah" },
  { id: "8b7c1e20-4d3a-4f6b-9a51-2c7e0d9f4a08", kind: "craving", name: "Citrus fruit", notes: "Three clementines before breakfast", daysAgo: 12, atUtc: "08:15", by: "olivia" },
];

/** The parents' birth plan so far (answer values as the form stores them). */
export const DEMO_BIRTH_PLAN: Readonly<Record<string, string | readonly string[]>> = {
  birthPlace: "hospital",
  birthCompanions: "Noah, and Grandma Helen once the babies are here",
  atmosphere: ["dim-lights", "my-own-music", "freedom-to-move-around"],
  painApproach: "i-would-like-to-try-without-then-decide",
  painMethods: ["breathing-and-relaxation", "warm-water-or-a-birth-pool", "epidural"],
  offerPainRelief: "please-wait-until-i-ask",
  monitoring: "wireless-monitoring-if-available",
  cordClamping: "delayed-cord-clamping",
  firstHour: ["immediate-skin-to-skin", "my-partner-cuts-the-cord"],
  feedingPlan: "breastfeeding",
  feedingSupport: ["help-from-a-lactation-consultant"],
  healthNotes: "We are expecting twins, Bean and Sprout. Allergic to penicillin.",
};

/** The suggested hospital bag items already packed. */
export const DEMO_PACKED_BAG_ITEMS: readonly string[] = ["parent-documents", "parent-phone-charger", "parent-toiletries", "partner-snacks", "baby-car-seat", "baby-going-home"];

export interface DemoMedicalContact {
  id: string;
  kind: MedicalContactKind;
  name: string;
  phone?: string;
  email?: string;
  address?: string;
  notes?: string;
}

/** The care team (fictional 555-01xx numbers). */
export const DEMO_MEDICAL_CONTACTS: readonly DemoMedicalContact[] = [
  {
    id: "3f9d2a64-7e1b-4c58-a0d3-6b2e8f1c5d01",
    kind: "provider",
    name: "Dr. Amelia Chen",
    phone: "(555) 010-4477",
    email: "amelia.chen@riverside-maternity.example",
    address: "200 Riverside Drive, Springfield",
    notes: "Riverside Maternity Clinic. Ask for the twins' growth scan at the next visit.",
  },
  { id: "3f9d2a64-7e1b-4c58-a0d3-6b2e8f1c5d02", kind: "hospital", name: "St. Mary's Labour & Delivery", phone: "(555) 010-9000", address: "1500 Hospital Way, Springfield", notes: "Entrance C, 2nd floor. Parking on Level P2." },
  { id: "3f9d2a64-7e1b-4c58-a0d3-6b2e8f1c5d03", kind: "doula", name: "Jess Morgan", phone: "(555) 010-2323", email: "jess@gentlestart-doula.example" },
  { id: "3f9d2a64-7e1b-4c58-a0d3-6b2e8f1c5d04", kind: "pediatrician", name: "Dr. Omar Haddad", phone: "(555) 010-6150", address: "48 Elm Street, Springfield" },
];
