import { checkTypedBirthSize, type TypedBirthSize } from "../domain/babyGame";
import type { MeasurementSystem } from "../domain/enums";
import type { SharedSex } from "../domain/waitingRoom";
import { BabySizeFields } from "./BabySizeFields";
import { SelectField } from "./fields";
import { TextField } from "./TextField";

/** A baby's birth as the parent types it: what they choose to share, every field optional. */
export interface TypedBirth {
  name: string;
  sex: SharedSex | "";
  time: string;
  size: TypedBirthSize;
}

export const typedBirth = (name: string): TypedBirth => ({ name, sex: "", time: "", size: { pounds: "", ounces: "", kilograms: "", length: "" } });

/** The typed birth as the API takes it, or the sizes' errors to show beside their fields. */
export function birthToSend(typed: TypedBirth, system: MeasurementSystem) {
  const sizes = checkTypedBirthSize(system, typed.size);
  if (!sizes.ok) return { ok: false as const, errors: sizes.errors };
  const name = typed.name.trim();
  return {
    ok: true as const,
    details: {
      ...(name ? { name } : {}),
      ...(typed.sex ? { sex: typed.sex } : {}),
      ...(typed.time ? { time: typed.time } : {}),
      ...(sizes.weightPounds !== undefined ? { weightPounds: sizes.weightPounds } : {}),
      ...(sizes.lengthInches !== undefined ? { lengthInches: sizes.lengthInches } : {}),
      measurementSystem: system,
    },
  };
}

/** Name, sex as the parents share it, time of birth, weight and length in the parent's units. */
export function BirthDetailsFields({ value, onChange, system, sizeErrors }: { value: TypedBirth; onChange: (value: TypedBirth) => void; system: MeasurementSystem; sizeErrors: { weight?: string; length?: string } }) {
  return (
    <>
      <TextField label="Baby's name" value={value.name} onChange={(event) => onChange({ ...value, name: event.target.value })} autoComplete="off" />
      <SelectField label="Girl or boy" value={value.sex} onChange={(event) => onChange({ ...value, sex: event.target.value as SharedSex | "" })}>
        <option value="">Keep it to ourselves</option>
        <option value="girl">A girl</option>
        <option value="boy">A boy</option>
      </SelectField>
      <TextField label="Time of birth" type="time" value={value.time} onChange={(event) => onChange({ ...value, time: event.target.value })} />
      <BabySizeFields system={system} size={value.size} errors={sizeErrors} onChange={(field, typed) => onChange({ ...value, size: { ...value.size, [field]: typed } })} />
    </>
  );
}
