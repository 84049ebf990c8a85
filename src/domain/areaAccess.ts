/**
 * Which areas of the signed-in app a user may open (core spec 2, onboarding spec 2 "App shell").
 * One rule for the shell's items and the routes' guards, so an item is enabled exactly when its
 * route opens. Reading chosen (README "Spec readings"): a guest opens the calendar with
 * canViewCalendarEvents (canEditCalendar adds creating events there) and the contacts with
 * canViewContacts; Health stays with parents.
 */
import type { Permissions, UserMode } from "./enums";

export const APP_AREAS = ["pregnancies", "dashboard", "calendar", "contacts", "health", "photos", "registry", "waiting-room", "baby-game", "settings"] as const;
export type AppArea = (typeof APP_AREAS)[number];

const GUEST_AREA_RULES: Readonly<Record<AppArea, (permissions: Permissions) => boolean>> = {
  pregnancies: () => true,
  dashboard: () => true,
  calendar: (p) => p.canViewCalendarEvents,
  contacts: (p) => p.canViewContacts,
  health: () => false,
  photos: (p) => p.canContributePhotos || p.canUploadPhotos,
  registry: (p) => p.canSuggestRegistryItems,
  "waiting-room": (p) => p.canAccessWaitingRoom,
  "baby-game": (p) => p.canPlayBabyGame,
  settings: () => true,
};

/** Parent mode opens every area of the parent's own pregnancy; guest mode goes by the guest's flags. */
export function mayOpenArea(area: AppArea, mode: UserMode, permissions: Permissions): boolean {
  return mode === "parent" || GUEST_AREA_RULES[area](permissions);
}
