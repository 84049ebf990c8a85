import { SelectField } from "../../ui/fields";
import { formatDateOnly } from "../../lib/format";
import type { PregnancySummary } from "../pregnancy-context/currentPregnancy";

/**
 * For guests who follow several pregnancies: picks which one the dashboard shows. The choice goes
 * into the URL (`preg`, core spec 2) and is remembered in the browser (core spec 4).
 */
export function GuestPregnancySwitcher({ pregnancies, selectedId, onSelect }: { pregnancies: readonly PregnancySummary[]; selectedId: string; onSelect: (id: string) => void }) {
  return (
    <SelectField
      label="Pregnancy you are following"
      value={selectedId}
      className="max-w-md"
      onChange={(event) => onSelect(event.target.value)}
    >
      {pregnancies.map((p) => (
        <option key={p.id} value={p.id}>
          {p.endedInLoss ? p.title : `${p.title} (due ${formatDateOnly(p.dueDate)})`}
        </option>
      ))}
    </SelectField>
  );
}
