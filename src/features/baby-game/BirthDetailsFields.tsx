import type { TypedBirthSize } from "../../domain/babyGame";
import { BABY_GAME_NAME_MAX_LENGTH, EYE_COLOR_LABELS, EYE_COLORS, type EyeColor, HAIR_COLOR_LABELS, HAIR_COLORS, type HairColor } from "../../domain/babyGame";
import { BabySizeFields } from "../../ui/BabySizeFields";
import { SelectField } from "../../ui/fields";
import { TextField } from "../../ui/TextField";
import type { BirthDetailsErrors, BirthDetailsValues } from "./birthDetails";

/** The form's value behind each size field. */
const SIZE_FIELDS = { pounds: "weightPounds", ounces: "weightOunces", kilograms: "weightKilograms", length: "length" } as const satisfies Record<keyof TypedBirthSize, keyof BirthDetailsValues>;

interface BirthDetailsFieldsProps {
  values: BirthDetailsValues;
  errors: BirthDetailsErrors;
  onChange: (values: BirthDetailsValues) => void;
  /** A guess asks for a 'Name guess' and offers 'No guess'; the actual result asks for the 'Name' and 'Not noted'. */
  kind: "guess" | "result";
}

/**
 * Weight and length in the reader's units, date, time, hair colour, eye colour and the name: one set
 * for a guess, for a guess entered for someone else and for each baby's actual result.
 */
export function BirthDetailsFields({ values, errors, onChange, kind }: BirthDetailsFieldsProps) {
  const set = <K extends keyof BirthDetailsValues>(key: K) => (value: BirthDetailsValues[K]) => onChange({ ...values, [key]: value });
  const none = kind === "guess" ? "No guess" : "Not noted";

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <BabySizeFields
        system={values.system}
        size={{ pounds: values.weightPounds, ounces: values.weightOunces, kilograms: values.weightKilograms, length: values.length }}
        errors={{ weight: errors.weightPounds ?? errors.weightOunces ?? errors.weightKilograms, length: errors.length }}
        onChange={(field, value) => set(SIZE_FIELDS[field])(value)}
      />
      <TextField label={kind === "guess" ? "Birth date" : "Date of birth"} type="date" value={values.date} error={errors.date} onChange={(event) => set("date")(event.target.value)} />
      <TextField label="Time of birth" type="time" value={values.time} error={errors.time} onChange={(event) => set("time")(event.target.value)} />
      <SelectField label="Hair colour" value={values.hairColor} onChange={(event) => set("hairColor")(event.target.value as HairColor | "")}>
        <option value="">{none}</option>
        {HAIR_COLORS.map((color) => (
          <option key={color} value={color}>
            {HAIR_COLOR_LABELS[color]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Eye colour" value={values.eyeColor} onChange={(event) => set("eyeColor")(event.target.value as EyeColor | "")}>
        <option value="">{none}</option>
        {EYE_COLORS.map((color) => (
          <option key={color} value={color}>
            {EYE_COLOR_LABELS[color]}
          </option>
        ))}
      </SelectField>
      <TextField
        label={kind === "guess" ? "Name guess" : "Name"}
        value={values.name}
        maxLength={BABY_GAME_NAME_MAX_LENGTH}
        autoComplete="off"
        error={errors.name}
        onChange={(event) => set("name")(event.target.value)}
      />
    </div>
  );
}
