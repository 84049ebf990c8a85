import { describe, expect, it } from "vitest";
import { APP_AREAS, mayOpenArea, type AppArea } from "../../src/domain/areaAccess";
import { PERMISSION_FLAGS, type Permissions } from "../../src/domain/enums";
import { GUEST_DEFAULT_PERMISSIONS, PARENT_DEFAULT_PERMISSIONS } from "../../src/domain/permissions";
import { navItems } from "../../src/features/shell/navItems";

const noFlags = Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, false])) as Permissions;
const only = (...flags: (keyof Permissions)[]): Permissions => ({ ...noFlags, ...Object.fromEntries(flags.map((flag) => [flag, true])) });
const openAreas = (permissions: Permissions) => APP_AREAS.filter((area) => mayOpenArea(area, "guest", permissions));

describe("mayOpenArea", () => {
  it("opens every area in parent mode", () => {
    expect(APP_AREAS.filter((area) => !mayOpenArea(area, "parent", noFlags))).toEqual([]);
  });

  it("opens a guest's calendar with canViewCalendarEvents, which the guest defaults hold", () => {
    expect(mayOpenArea("calendar", "guest", only("canViewCalendarEvents"))).toBe(true);
    expect(mayOpenArea("calendar", "guest", GUEST_DEFAULT_PERMISSIONS)).toBe(true);
    // Editing adds to seeing; on its own it opens nothing.
    expect(mayOpenArea("calendar", "guest", only("canEditCalendar"))).toBe(false);
  });

  it("opens a guest's contacts with canViewContacts only, and never Health", () => {
    expect(mayOpenArea("contacts", "guest", only("canViewContacts"))).toBe(true);
    expect(mayOpenArea("contacts", "guest", GUEST_DEFAULT_PERMISSIONS)).toBe(false);
    expect(mayOpenArea("health", "guest", PARENT_DEFAULT_PERMISSIONS)).toBe(false);
  });

  it("leaves a guest without flags the pregnancies, dashboard and settings", () => {
    expect(openAreas(noFlags)).toEqual(["pregnancies", "dashboard", "settings"]);
    expect(openAreas(GUEST_DEFAULT_PERMISSIONS)).toEqual(["pregnancies", "dashboard", "calendar", "photos", "registry", "waiting-room", "baby-game", "settings"]);
  });
});

describe("the shell's items", () => {
  const areaOf: Record<string, AppArea> = { "/photos": "photos", "/waiting-room": "waiting-room", "/baby-game": "baby-game" };
  const area = (path: string): AppArea => areaOf[path] ?? (path.slice(1) as AppArea);

  it("are enabled exactly when their route opens, whatever the flags", () => {
    for (const permissions of [noFlags, GUEST_DEFAULT_PERMISSIONS, only("canViewContacts"), only("canEditCalendar"), PARENT_DEFAULT_PERMISSIONS]) {
      for (const mode of ["guest", "parent"] as const) {
        for (const item of navItems(mode, permissions)) {
          expect(item.access === "enabled", `${mode} ${item.to}`).toBe(mayOpenArea(area(item.to), mode, permissions));
        }
      }
    }
  });

  it("show Calendar enabled and Contacts 'Limited Access' to a guest with the default flags", () => {
    const items = navItems("guest", GUEST_DEFAULT_PERMISSIONS);
    expect(items.find((item) => item.to === "/calendar")?.access).toBe("enabled");
    expect(items.find((item) => item.to === "/contacts")?.access).toBe("limited");
  });
});

describe("the menu after a loss (issue 38)", () => {
  it("no longer offers the waiting room or the baby game, in either mode", () => {
    for (const [mode, permissions] of [["parent", PARENT_DEFAULT_PERMISSIONS], ["guest", GUEST_DEFAULT_PERMISSIONS]] as const) {
      const paths = navItems(mode, permissions, { endedInLoss: true }).map((item) => item.to);
      expect(paths).not.toContain("/waiting-room");
      expect(paths).not.toContain("/baby-game");
      expect(paths).toContain("/photos");
      expect(navItems(mode, permissions).map((item) => item.to)).toContain("/baby-game");
    }
  });
});
