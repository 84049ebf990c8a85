import { useDocumentTitle } from "../../lib/document-title";
import { ThemeSettings } from "../theme/ThemeSettings";
import { LogOutButton } from "../auth/LogOutButton";
import { useCurrentPregnancy } from "../pregnancy-context/currentPregnancy";
import { CalendarFeedSection } from "../calendar/CalendarFeedSection";
import { BillingSection } from "./BillingSection";
import { FamilySection } from "./FamilySection";
import { DevicePushSection } from "./DevicePushSection";
import { NotificationsSection } from "./NotificationsSection";
import { UnitsSection } from "./UnitsSection";
import { ClosedPregnanciesSection, OwnerChoicesSection } from "./OwnerChoicesSection";
import { PasswordSection } from "./PasswordSection";
import { PregnancySections } from "./PregnancySection";
import { PregnancyEndedSection } from "./PregnancyEndedSection";
import { GuestPregnancySections } from "./GuestPregnancySections";
import { ProfileSection } from "./ProfileSection";
import { YourDataSection } from "./YourDataSection";
import { DataExportPanel } from "../data-export/DataExportPanel";
import { DATA_EXPORT_MESSAGES } from "../../domain/dataExport";
import { SectionLoading, SettingsSection } from "../../ui/SettingsSection";
import { PageHeader } from "../../ui/PageHeader";
import { ReadOnlyLine } from "../pregnancy-context/readOnly";

/**
 * /settings for every signed-in user: profile, password, calendar subscription, theme, units, notifications,
 * downloading your data, leaving the pregnancy or deleting the account, and sign-out; parents in parent mode also get the pregnancy details, babies, family & permissions, and billing; the owner also the hand-over or deletion of their pregnancy.
 * A guest trusted with canViewSettings sees the pregnancy's details and family read-only; without it, only their own account.
 */
export function SettingsPage() {
  useDocumentTitle("Settings");
  const current = useCurrentPregnancy();
  const parentScope = current.mode === "parent" && current.pregnancyId && (current.access?.isParent ?? true) ? { pregnancyId: current.pregnancyId, mode: current.mode } : null;
  const guestAccess = !parentScope && current.access && !current.access.isParent && current.access.permissions.canViewSettings ? current.access : null;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 sm:px-6 sm:py-8">
      <PageHeader title="Settings" />
      {/* Once for the page: after the service end the pregnancy's sections are read as they ended. */}
      <ReadOnlyLine />
      <ProfileSection />
      <PasswordSection />
      {current.isLoading ? (
        <SectionLoading label="Loading your pregnancy..." />
      ) : (
        parentScope && (
          <>
            <PregnancySections {...parentScope} />
            <FamilySection {...parentScope} />
            <BillingSection {...parentScope} isOwner={(current.access?.role ?? current.pregnancy?.role) === "owner"} />
            <PregnancyEndedSection />
          </>
        )
      )}
      {guestAccess && current.pregnancyId && (
        <GuestPregnancySections scope={{ pregnancyId: current.pregnancyId, mode: current.mode }} inviter={{ isParent: false, privacyLevel: guestAccess.privacyLevel, permissions: guestAccess.permissions }} />
      )}
      {current.pregnancyId && <CalendarFeedSection pregnancyId={current.pregnancyId} mode={current.mode} />}
      <SettingsSection id="theme" title="Theme" description="How BabySteps looks on this device: light or dark, and a colour preset.">
        {/* The section's heading says 'Theme'; the fieldset keeps its legend for screen readers only. */}
        <ThemeSettings className="[&>legend]:sr-only" />
      </SettingsSection>
      <UnitsSection />
      <NotificationsSection />
      <DevicePushSection />
      <SettingsSection id="download-your-data" title={DATA_EXPORT_MESSAGES.heading} description="One zip you can open on any computer. We email you each time a download is prepared.">
        <DataExportPanel />
      </SettingsSection>
      {parentScope && current.pregnancy && (current.access?.role ?? current.pregnancy.role) === "owner" && <OwnerChoicesSection {...parentScope} title={current.pregnancy.title} subscribed={current.access?.subscription.subscribed ?? false} />}
      <ClosedPregnanciesSection />
      <YourDataSection
        pregnancy={current.pregnancyId && current.pregnancy ? { id: current.pregnancyId, title: current.pregnancy.title, isOwner: (current.access?.role ?? current.pregnancy.role) === "owner" } : null}
      />
      <SettingsSection id="sign-out" title="Sign out" description="Sign out of BabySteps on this device.">
        <div>
          <LogOutButton />
        </div>
      </SettingsSection>
    </div>
  );
}
