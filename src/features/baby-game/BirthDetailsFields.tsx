import { useId } from "react";
import { BABY_GAME_MAX_LENGTH_CENTIMETRES, BABY_GAME_MAX_LENGTH_INCHES, BABY_GAME_MAX_WEIGHT_KILOGRAMS, BABY_GAME_MAX_WEIGHT_POUNDS, BABY_GAME_MIN_LENGTH_CENTIMETRES, BABY_GAME_MIN_LENGTH_INCHES, BABY_GAME_NAME_MAX_LENGTH, EYE_COLOR_LABELS, EYE_COLORS, type EyeColor, HAIR_COLOR_LABELS, HAIR_COLORS, type HairColor } from "../../domain/babyGame";
import { SelectField } from "../../ui/fields";
import { TextField } from "../../ui/TextField";
import type { BirthDetailsErrors, BirthDetailsValues } from "./birthDetails";
import { OUNCES_PER_POUND } from "../../domain/units";

/** The length input moves in quarter inches, the finest step that scores differently. */
const LENGTH_STEP_INCHES = 0.25;
/** The metric inputs move by their precision, 0.1 kg and 0.1 cm (src/domain/measurement.ts). */
const METRIC_STEP = 0.1;

interface BirthDetailsFieldsProps {
  values: BirthDetailsValues;
  errors: BirthDetailsErrors;
  onChange: (values: BirthDetailsValues) => void;
  /** A guess asks for a 'Name guess' and offers 'No guess'; the actual result asks for the 'Name' and 'Not noted'. */
  kind: "guess" | "result";
}

/**
 * Weight in pounds and ounces (or kilograms), length in inches (or centimetres), date, time, hair colour, eye colour and the name: one set
 * for a guess, for a guess entered for someone else and for each baby's actual result.
 */
export function BirthDetailsFields({ values, errors, onChange, kind }: BirthDetailsFieldsProps) {
  const weightId = useId();
  const set = <K extends keyof BirthDetailsValues>(key: K) => (value: BirthDetailsValues[K]) => onChange({ ...values, [key]: value });
  const none = kind === "guess" ? "No guess" : "Not noted";
  const weightError = errors.weightPounds ?? errors.weightOunces;
  const weightErrorId = weightError ? `${weightId}-error` : undefined;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {values.system === "metric" ? (
        <>
          <TextField
            label="Weight (kg)"
            type="number"
            inputMode="decimal"
            min={0}
            max={BABY_GAME_MAX_WEIGHT_KILOGRAMS}
            step={METRIC_STEP}
            value={values.weightKilograms}
            error={errors.weightKilograms}
            onChange={(event) => set("weightKilograms")(event.target.value)}
          />
          <TextField
            label="Length (cm)"
            type="number"
            inputMode="decimal"
            min={BABY_GAME_MIN_LENGTH_CENTIMETRES}
            max={BABY_GAME_MAX_LENGTH_CENTIMETRES}
            step={METRIC_STEP}
            value={values.length}
            error={errors.length}
            onChange={(event) => set("length")(event.target.value)}
          />
        </>
      ) : (
        <>
          <fieldset className="flex flex-col gap-1.5 sm:col-span-2">
            <legend className="mb-1.5 text-sm font-semibold">Weight</legend>
            <div className="grid grid-cols-2 gap-3">
              <TextField
                label="Pounds"
                type="number"
                inputMode="numeric"
                min={0}
                max={BABY_GAME_MAX_WEIGHT_POUNDS}
                step={1}
                value={values.weightPounds}
                invalid={Boolean(errors.weightPounds)}
                describedBy={weightErrorId}
                onChange={(event) => set("weightPounds")(event.target.value)}
              />
              <TextField
                label="Ounces"
                type="number"
                inputMode="numeric"
                min={0}
                max={OUNCES_PER_POUND - 1}
                step={1}
                value={values.weightOunces}
                invalid={Boolean(errors.weightOunces)}
                describedBy={weightErrorId}
                onChange={(event) => set("weightOunces")(event.target.value)}
              />
            </div>
            {weightError && (
              <p id={weightErrorId} className="text-sm font-medium text-danger">
                {weightError}
              </p>
            )}
          </fieldset>
          <TextField
            label="Length (inches)"
            type="number"
            inputMode="decimal"
            min={BABY_GAME_MIN_LENGTH_INCHES}
            max={BABY_GAME_MAX_LENGTH_INCHES}
            step={LENGTH_STEP_INCHES}
            value={values.length}
            error={errors.length}
            onChange={(event) => set("length")(event.target.value)}
          />
        </>
      )}
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
