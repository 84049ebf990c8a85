import { Link } from "@tanstack/react-router";
import { LOSS_TEXTS } from "../../domain/pregnancyLoss";
import { SettingsSection } from "../../ui/SettingsSection";

/** Settings' plain way in to recording a loss (issue 38), for parents, where nobody has to hunt for it. */
export function PregnancyEndedSection() {
  return (
    <SettingsSection
      id="pregnancy-ended"
      title="If your pregnancy has ended"
      description="If your pregnancy has ended in a loss, you can tell the app here. Nobody is told unless you choose to."
    >
      <div>
        <Link to="/pregnancy-ended" className="font-semibold text-link underline underline-offset-4 hover:no-underline">
          {LOSS_TEXTS.settingsLink}
        </Link>
      </div>
    </SettingsSection>
  );
}
