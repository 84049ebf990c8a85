/**
 * The app shell's navigation (core spec 2, onboarding spec 2 "App shell"), as data. Which items a
 * user sees depends on the mode and the permission flags; the server still checks every call.
 */
import type { ComponentType } from "react";
import type { Permissions, UserMode } from "../../domain/enums";
import { mayOpenArea, type AppArea } from "../../domain/areaAccess";
import { CalendarIcon, GiftIcon, HeartIcon, HomeIcon, HourglassIcon, ImageIcon, ListIcon, SettingsIcon, StarIcon, UsersIcon, type IconProps } from "../../ui/icons";
import { MOBILE_BOTTOM_BAR_MAX_ITEMS } from "../../domain/layout";

export type NavPath =
  | "/pregnancies"
  | "/dashboard"
  | "/calendar"
  | "/contacts"
  | "/health"
  | "/photos"
  | "/registry"
  | "/waiting-room"
  | "/baby-game"
  | "/settings";

export interface NavItem {
  to: NavPath;
  label: string;
  /** The shorter name in the mobile bottom bar. */
  shortLabel: string;
  icon: ComponentType<IconProps>;
  /** 'limited': shown disabled with 'Limited Access'. */
  access: "enabled" | "limited";
}

interface NavDefinition extends Omit<NavItem, "access"> {
  /** Who sees it: everyone, or guest mode only. */
  visibility?: "guest-only";
  /** The area its route opens: the item is enabled exactly when the route's guard lets the user in. */
  area: AppArea;
}

const NAV_DEFINITIONS: readonly NavDefinition[] = [
  { to: "/pregnancies", label: "Pregnancies", shortLabel: "Pregnancies", icon: ListIcon, visibility: "guest-only", area: "pregnancies" },
  { to: "/dashboard", label: "Dashboard", shortLabel: "Home", icon: HomeIcon, area: "dashboard" },
  { to: "/calendar", label: "Calendar", shortLabel: "Calendar", icon: CalendarIcon, area: "calendar" },
  { to: "/contacts", label: "Contacts", shortLabel: "Contacts", icon: UsersIcon, area: "contacts" },
  { to: "/health", label: "Health", shortLabel: "Health", icon: HeartIcon, area: "health" },
  { to: "/photos", label: "Photo Album", shortLabel: "Photos", icon: ImageIcon, area: "photos" },
  { to: "/registry", label: "Registry", shortLabel: "Registry", icon: GiftIcon, area: "registry" },
  { to: "/waiting-room", label: "Waiting Room", shortLabel: "Waiting", icon: HourglassIcon, area: "waiting-room" },
  { to: "/baby-game", label: "Baby Game", shortLabel: "Game", icon: StarIcon, area: "baby-game" },
  { to: "/settings", label: "Settings", shortLabel: "Settings", icon: SettingsIcon, area: "settings" },
];

/** Areas about a baby on the way, which leave the menu once the pregnancy has ended in loss (issue 38). */
const AREAS_OF_A_BABY_ON_THE_WAY: readonly AppArea[] = ["waiting-room", "baby-game"];

/** The sidebar's items for this mode and these flags (Log Out and the mode switch are separate). */
export function navItems(mode: UserMode, permissions: Permissions, { endedInLoss = false }: { endedInLoss?: boolean } = {}): NavItem[] {
  return NAV_DEFINITIONS.filter((item) => (mode === "guest" || item.visibility !== "guest-only") && !(endedInLoss && AREAS_OF_A_BABY_ON_THE_WAY.includes(item.area))).map(({ area, visibility: _visibility, ...item }) => ({
    ...item,
    access: mayOpenArea(area, mode, permissions) ? "enabled" : "limited",
  }));
}

/** The bottom bar picks from these, in this order (core spec 2). */
const BOTTOM_BAR_CANDIDATES: readonly NavPath[] = ["/dashboard", "/calendar", "/photos", "/contacts", "/registry", "/waiting-room", "/baby-game"];

/** At most four enabled items for the mobile bottom bar. */
export function bottomBarItems(items: readonly NavItem[]): NavItem[] {
  return BOTTOM_BAR_CANDIDATES.flatMap((path) => items.filter((item) => item.to === path && item.access === "enabled")).slice(0, MOBILE_BOTTOM_BAR_MAX_ITEMS);
}
