import type { ComponentType } from "react";
import type { EventCategory } from "../../domain/enums";
import { FlagIcon, GiftIcon, ListIcon, StethoscopeIcon, UsersIcon, type IconProps } from "../../ui/icons";

/** Each category's colour and icon (issue 8): the colour is never the only cue, the icon and label go with it. */
export const CATEGORY_STYLES: Readonly<Record<EventCategory, { chip: string; accent: string; dot: string; Icon: ComponentType<IconProps> }>> = {
  medical: { dot: "bg-danger", chip: "bg-danger-soft text-foreground", accent: "border-l-danger", Icon: StethoscopeIcon },
  milestone: { dot: "bg-primary", chip: "bg-lavender text-foreground", accent: "border-l-primary", Icon: FlagIcon },
  family: { dot: "bg-success", chip: "bg-mint text-foreground", accent: "border-l-success", Icon: UsersIcon },
  preparation: { dot: "bg-warning", chip: "bg-warning-soft text-foreground", accent: "border-l-warning", Icon: ListIcon },
  celebration: { dot: "bg-primary", chip: "bg-primary-soft text-foreground", accent: "border-l-primary", Icon: GiftIcon },
};
