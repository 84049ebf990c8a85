import { ITEM_PRIVACY_LEVELS, type ItemPrivacyLevel } from "../domain/enums";
import { SelectField } from "./fields";
import { ITEM_PRIVACY_LEVEL_LABELS } from "../lib/labels";
import { useItemReach } from "../lib/familyAudience";

/**
 * Who sees an item (photo, post, event): the parents alone or a guest circle and closer. Under it,
 * who that reaches in this family, so a parent notices when someone is left out.
 */
export function ItemPrivacyField({ label, value, onChange }: { label: string; value: ItemPrivacyLevel; onChange: (level: ItemPrivacyLevel) => void }) {
  const reach = useItemReach(value);
  return (
    <SelectField label={label} value={value} onChange={(event) => onChange(event.target.value as ItemPrivacyLevel)} hint={reach ?? undefined}>
      {ITEM_PRIVACY_LEVELS.map((level) => (
        <option key={level} value={level}>
          {ITEM_PRIVACY_LEVEL_LABELS[level]}
        </option>
      ))}
    </SelectField>
  );
}
