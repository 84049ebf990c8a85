/**
 * Settings texts. The spec's own texts come from src/domain/errors (PREGNANCY_TOASTS,
 * SUCCESS_TOASTS, PHOTO_TOASTS.uploadFailed, SETUP_MESSAGES.logoutFailed); the spec has no wording
 * for the rest, so these are ours, written in the same style.
 */
import { TOO_MANY_BABIES_MESSAGE } from "../../domain/pregnancy";
import { NOT_AN_IMAGE, imageTooLarge } from "../../lib/imageUpload";
import { AVATAR_MAX_BYTES } from "../../domain/uploads";
import { BYTES_PER_MB } from "../../domain/units";

export const SETTINGS_MESSAGES = {
  profileFailed: "Failed to update profile",
  participantUpdateFailed: "Failed to update guest",
  removeGuestFailed: "Failed to remove guest",
  resendFailed: "Failed to resend invitation",
  revokeFailed: "Failed to revoke invitation",
  notificationsFailed: "Failed to update notification preferences",
  unitsFailed: "Failed to update your units",
  loadParticipantsFailed: "Failed to load family and guests",
  loadNotificationsFailed: "Failed to load notification preferences",
  loadProfileFailed: "Failed to load your profile",
  devicePushOn: "Notifications are on for this device",
  devicePushOff: "Notifications are off for this device",
  devicePushFailed: "Failed to turn on notifications for this device",
  devicePushOffFailed: "Failed to turn off notifications for this device",
  devicePushTopicsFailed: "Failed to update this device's notifications",
  devicePushNotReady: "BabySteps is still getting ready on this device. Reload the page and try again.",
  devicePushDenied: "Notifications are blocked",
  loadDevicePushFailed: "Failed to load this device's notifications",
  invitationSent: "Invitation sent",
  invitationRevoked: "Invitation revoked",
  guestRemoved: "Guest removed",
  /** Same words as the server's refusal. */
  babyLimit: TOO_MANY_BABIES_MESSAGE,
  avatarHint: `JPEG, PNG, WebP or HEIC, up to ${AVATAR_MAX_BYTES / BYTES_PER_MB} MB.`,
  avatarTooLarge: imageTooLarge(AVATAR_MAX_BYTES),
  avatarNotImage: NOT_AN_IMAGE,
} as const;
