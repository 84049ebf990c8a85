import { GUEST_PRIVACY_LEVELS, type GuestPrivacyLevel } from "../domain/enums";
import { PRIVACY_LEVEL_LABELS } from "../lib/labels";

/**
 * Who hears a birth: every guest circle ticked by default (everyone allowed updates); unticking one
 * leaves it out. The other parent always hears, so the text says so.
 */
export function NewsCirclesField({ value, onChange }: { value: readonly GuestPrivacyLevel[]; onChange: (circles: GuestPrivacyLevel[]) => void }) {
  const toggle = (level: GuestPrivacyLevel, on: boolean) => onChange(GUEST_PRIVACY_LEVELS.filter((l) => (l === level ? on : value.includes(l))));
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="text-sm font-semibold">Who hears the news</legend>
      <p className="text-sm text-muted-foreground">Everyone allowed updates, by mail and notification. Untick a circle to leave it out; your partner always hears.</p>
      {GUEST_PRIVACY_LEVELS.map((level) => (
        <label key={level} className="flex items-center gap-2">
          <input type="checkbox" checked={value.includes(level)} onChange={(event) => toggle(level, event.target.checked)} className="size-5 shrink-0 accent-primary" />
          {PRIVACY_LEVEL_LABELS[level]}
        </label>
      ))}
    </fieldset>
  );
}

/** The circles to send: none when every one is ticked (everyone allowed updates, whoever joins a circle later too). */
export const chosenCircles = (circles: readonly GuestPrivacyLevel[]) => (circles.length < GUEST_PRIVACY_LEVELS.length ? { audienceGroups: [...circles] } : {});
