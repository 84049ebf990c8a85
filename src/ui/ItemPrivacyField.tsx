import { ITEM_PRIVACY_LEVELS, type ItemPrivacyLevel } from "../domain/enums";
import { SelectField } from "./fields";
import { ITEM_PRIVACY_LEVEL_LABELS } from "../lib/labels";

/** Who sees an item (photo, post): the parents alone or a guest circle and closer. */
export function ItemPrivacyField({ label, value, onChange }: { label: string; value: ItemPrivacyLevel; onChange: (level: ItemPrivacyLevel) => void }) {
  return (
    <SelectField label={label} value={value} onChange={(event) => onChange(event.target.value as ItemPrivacyLevel)}>
      {ITEM_PRIVACY_LEVELS.map((level) => (
        <option key={level} value={level}>
          {ITEM_PRIVACY_LEVEL_LABELS[level]}
        </option>
      ))}
    </SelectField>
  );
}
