import { pgEnum } from "drizzle-orm/pg-core";
import {
  ALBUM_ITEM_KINDS,
  BABY_GENDERS,
  CLIP_UPLOAD_ROLES,
  CONTACT_INQUIRY_TYPES,
  CONTACT_NOTIFICATION_TYPES,
  EVENT_CATEGORIES,
  GIFT_CARD_PLANS,
  GUEST_PRIVACY_LEVELS,
  GUEST_RELATIONSHIPS,
  HEALTH_LOG_KINDS,
  HOSPITAL_BAG_OWNERS,
  INVITATION_STATUSES,
  ITEM_PRIVACY_LEVELS,
  MEASUREMENT_SYSTEMS,
  MEDICAL_CONTACT_KINDS,
  PARTICIPANT_ROLES,
  PARTICIPANT_STATUSES,
  PREGNANCY_STATUSES,
  RSVP_STATUSES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TIERS,
  USER_MODES,
  WAITING_ROOM_MESSAGE_KINDS,
} from "../../../src/domain/enums";

/**
 * Postgres enums, each built from the matching tuple in src/domain/enums.ts so the database,
 * zod schemas and UI options cannot drift apart. Adding a value: append it to the tuple and run
 * `npm run db:generate` (ALTER TYPE ... ADD VALUE).
 */
export const pregnancyStatusEnum = pgEnum("pregnancy_status", PREGNANCY_STATUSES);
export const participantRoleEnum = pgEnum("participant_role", PARTICIPANT_ROLES);
export const participantStatusEnum = pgEnum("participant_status", PARTICIPANT_STATUSES);
export const guestRelationshipEnum = pgEnum("guest_relationship", GUEST_RELATIONSHIPS);
/** A guest's closeness (who they are). */
export const guestPrivacyLevelEnum = pgEnum("guest_privacy_level", GUEST_PRIVACY_LEVELS);
/** An item's audience (photos, posts, events): the guest levels plus 'parents-only'. */
export const itemPrivacyLevelEnum = pgEnum("item_privacy_level", ITEM_PRIVACY_LEVELS);
export const babyGenderEnum = pgEnum("baby_gender", BABY_GENDERS);
export const invitationStatusEnum = pgEnum("invitation_status", INVITATION_STATUSES);
export const userModeEnum = pgEnum("user_mode", USER_MODES);
export const measurementSystemEnum = pgEnum("measurement_system", MEASUREMENT_SYSTEMS);

export const subscriptionStatusEnum = pgEnum("subscription_status", SUBSCRIPTION_STATUSES);
export const subscriptionTierEnum = pgEnum("subscription_tier", SUBSCRIPTION_TIERS);
export const giftCardPlanEnum = pgEnum("gift_card_plan", GIFT_CARD_PLANS);

export const eventCategoryEnum = pgEnum("event_category", EVENT_CATEGORIES);
export const rsvpStatusEnum = pgEnum("rsvp_status", RSVP_STATUSES);

export const waitingRoomMessageKindEnum = pgEnum("waiting_room_message_kind", WAITING_ROOM_MESSAGE_KINDS);
export const contactNotificationTypeEnum = pgEnum("contact_notification_type", CONTACT_NOTIFICATION_TYPES);

export const contactInquiryTypeEnum = pgEnum("contact_inquiry_type", CONTACT_INQUIRY_TYPES);

/**
 * Not a spec vocabulary, so it lives here rather than in src/domain/enums.ts (owned elsewhere);
 * move it there if the client needs the tuple.
 */
export const REGISTRY_SUGGESTION_STATUSES = ["pending", "accepted", "dismissed"] as const;
export type RegistrySuggestionStatus = (typeof REGISTRY_SUGGESTION_STATUSES)[number];
export const registrySuggestionStatusEnum = pgEnum("registry_suggestion_status", REGISTRY_SUGGESTION_STATUSES);

export const healthLogKindEnum = pgEnum("health_log_kind", HEALTH_LOG_KINDS);
export const hospitalBagOwnerEnum = pgEnum("hospital_bag_owner", HOSPITAL_BAG_OWNERS);
export const medicalContactKindEnum = pgEnum("medical_contact_kind", MEDICAL_CONTACT_KINDS);
export const albumItemKindEnum = pgEnum("album_item_kind", ALBUM_ITEM_KINDS);
export const clipUploadRoleEnum = pgEnum("clip_upload_role", CLIP_UPLOAD_ROLES);
