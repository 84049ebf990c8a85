/**
 * The spec's closed vocabularies (core spec section 3, onboarding spec section 3).
 * Database enums, zod schemas and UI options are all derived from these tuples.
 */

export const PARTICIPANT_ROLES = ["owner", "partner", "guest"] as const;
export type ParticipantRole = (typeof PARTICIPANT_ROLES)[number];
export const PARENT_ROLES = ["owner", "partner"] as const satisfies readonly ParticipantRole[];

export const PARTICIPANT_STATUSES = ["invited", "active"] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

/** 'closed' is what cancellation does to a pregnancy (terms: closes immediately). */
export const PREGNANCY_STATUSES = ["active", "closed"] as const;
export type PregnancyStatus = (typeof PREGNANCY_STATUSES)[number];

export const BABY_GENDERS = ["unknown", "boy", "girl"] as const;
export type BabyGender = (typeof BABY_GENDERS)[number];

/** Onboarding also offers 'surprise', which is stored on the baby as 'unknown'. */
export const ONBOARDING_GENDERS = ["unknown", "boy", "girl", "surprise"] as const;
export type OnboardingGender = (typeof ONBOARDING_GENDERS)[number];

export const SUBSCRIPTION_TIERS = ["basic", "premium"] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

/** Stripe's subscription statuses, mirrored so the webhook can store what it receives. */
export const SUBSCRIPTION_STATUSES = [
  "trialing",
  "active",
  "past_due",
  "canceled",
  "incomplete",
  "incomplete_expired",
  "unpaid",
  "paused",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Guest privacy levels, closest first (ARCHITECTURE: audience rules). */
export const GUEST_PRIVACY_LEVELS = [
  "immediate-family",
  "extended-family",
  "close-friends",
  "friends",
  "acquaintances",
] as const;
export type GuestPrivacyLevel = (typeof GUEST_PRIVACY_LEVELS)[number];

/** Items (photos, posts, events) can also be kept to the parents alone. */
export const ITEM_PRIVACY_LEVELS = ["parents-only", ...GUEST_PRIVACY_LEVELS] as const;
export type ItemPrivacyLevel = (typeof ITEM_PRIVACY_LEVELS)[number];

export const GUEST_RELATIONSHIPS = ["grandparent", "sibling", "aunt-uncle", "cousin", "friend", "other"] as const;
export type GuestRelationship = (typeof GUEST_RELATIONSHIPS)[number];

export const EVENT_CATEGORIES = ["medical", "milestone", "family", "preparation", "celebration"] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

export const RSVP_STATUSES = ["pending", "attending", "maybe", "declined"] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

export const WAITING_ROOM_MESSAGE_KINDS = ["standard", "parent_update"] as const;
export type WaitingRoomMessageKind = (typeof WAITING_ROOM_MESSAGE_KINDS)[number];

export const CONTACT_NOTIFICATION_TYPES = ["waiting_room_dm", "waiting_room_activation"] as const;
export type ContactNotificationType = (typeof CONTACT_NOTIFICATION_TYPES)[number];

export const INVITATION_STATUSES = ["pending", "verified", "accepted", "revoked", "expired"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const INSPIRATION_CATEGORIES = ["fruit-comparison", "holiday", "ultrasound", "events", "general"] as const;
export type InspirationCategory = (typeof INSPIRATION_CATEGORIES)[number];

export const CONTACT_INQUIRY_TYPES = ["general", "support", "billing", "feature", "partnership"] as const;
export type ContactInquiryType = (typeof CONTACT_INQUIRY_TYPES)[number];

export const GIFT_CARD_PLANS = ["base", "premium"] as const;
export type GiftCardPlan = (typeof GIFT_CARD_PLANS)[number];

/** The 13 permission flags (core spec section 3), in the spec's order. */
export const PERMISSION_FLAGS = [
  "canViewSettings",
  "canEditCalendar",
  "canUploadPhotos",
  "canContributePhotos",
  "canViewCalendarEvents",
  "canManageRegistry",
  "canViewRegistry",
  "canSuggestRegistryItems",
  "canAccessWaitingRoom",
  "canPlayBabyGame",
  "canViewContacts",
  "canInviteGuests",
  "canReceiveUpdates",
] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];
export type Permissions = Record<PermissionFlag, boolean>;
export type CustomPermissions = Partial<Permissions>;

/** Issue 23: how a user sees and enters the baby's weight and length (storage stays pounds and inches). */
export const MEASUREMENT_SYSTEMS = ["imperial", "metric"] as const;
export type MeasurementSystem = (typeof MEASUREMENT_SYSTEMS)[number];

export const USER_MODES = ["parent", "guest"] as const;
export type UserMode = (typeof USER_MODES)[number];

/** Baby colours (core spec 1), used for a baby's accent in the app. */
export const BABY_COLORS = ["pink", "blue", "green", "yellow", "orange", "purple", "red"] as const;
export type BabyColor = (typeof BABY_COLORS)[number];

/** Email and in-app notification choices a user can turn on or off in settings. */
export const NOTIFICATION_PREFERENCES = ["emailInvitations", "emailRsvps", "waitingRoomActivation", "weeklyDigest"] as const;
export type NotificationPreference = (typeof NOTIFICATION_PREFERENCES)[number];
export type NotificationPreferences = Record<NotificationPreference, boolean>;

/** Health tools (issue 9): what a quick log records, whose hospital bag a list is, who a medical contact is. */
export const HEALTH_LOG_KINDS = ["craving", "symptom"] as const;
export type HealthLogKind = (typeof HEALTH_LOG_KINDS)[number];
export const HOSPITAL_BAG_OWNERS = ["parent", "partner", "baby"] as const;
export type HospitalBagOwner = (typeof HOSPITAL_BAG_OWNERS)[number];
export const MEDICAL_CONTACT_KINDS = ["provider", "hospital", "doula", "pediatrician", "other"] as const;
export type MedicalContactKind = (typeof MEDICAL_CONTACT_KINDS)[number];

/** What an album item is: a photo, or a video clip (issue 41). */
export const ALBUM_ITEM_KINDS = ["photo", "clip"] as const;
export type AlbumItemKind = (typeof ALBUM_ITEM_KINDS)[number];

/** A clip upload sends the clip as it was recorded, and the browser's H.264 display copy when it could make one. */
export const CLIP_UPLOAD_ROLES = ["original", "display"] as const;
export type ClipUploadRole = (typeof CLIP_UPLOAD_ROLES)[number];
