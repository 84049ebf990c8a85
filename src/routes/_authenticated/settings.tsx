import { createFileRoute } from "@tanstack/react-router";
import { screenLoader } from "../../features/pregnancy-context/screenLoader";
import { SettingsPage } from "../../features/settings/SettingsPage";
import { settingsReads } from "../../features/settings/settingsReads";

/** /settings: signed-in users (core spec 2); the parent-only sections check the role inside. */
export const Route = createFileRoute("/_authenticated/settings")({
  loader: screenLoader(settingsReads),
  component: SettingsPage,
});
