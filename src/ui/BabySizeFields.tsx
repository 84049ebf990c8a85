import { useId, type ChangeEvent } from "react";
import { BABY_GAME_MAX_LENGTH_CENTIMETRES, BABY_GAME_MAX_LENGTH_INCHES, BABY_GAME_MAX_WEIGHT_KILOGRAMS, BABY_GAME_MAX_WEIGHT_POUNDS, BABY_GAME_MIN_LENGTH_CENTIMETRES, BABY_GAME_MIN_LENGTH_INCHES, type TypedBirthSize } from "../domain/babyGame";
import type { MeasurementSystem } from "../domain/enums";
import { OUNCES_PER_POUND } from "../domain/units";
import { TextField } from "./TextField";

/** The length input moves in quarter inches, the finest step that scores differently in the baby game. */
const LENGTH_STEP_INCHES = 0.25;
/** The metric inputs move by their precision, 0.1 kg and 0.1 cm (src/domain/measurement.ts). */
const METRIC_STEP = 0.1;

interface BabySizeFieldsProps {
  /** The reader's units: pounds, ounces and inches, or kilograms and centimetres. */
  system: MeasurementSystem;
  size: TypedBirthSize;
  errors: { weight?: string | undefined; length?: string | undefined };
  onChange: (field: keyof TypedBirthSize, value: string) => void;
}

/** A baby's weight and length in the reader's units (the baby game's guesses and results, the baby-here announcement). */
export function BabySizeFields({ system, size, errors, onChange }: BabySizeFieldsProps) {
  const weightId = useId();
  const weightErrorId = errors.weight ? `${weightId}-error` : undefined;
  const field = (name: keyof TypedBirthSize) => ({ value: size[name], onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(name, event.target.value) });
  const number = { type: "number", inputMode: "decimal", autoComplete: "off" } as const;
  if (system === "metric")
    return (
      <>
        <TextField label="Weight (kg)" {...number} min={0} max={BABY_GAME_MAX_WEIGHT_KILOGRAMS} step={METRIC_STEP} error={errors.weight} {...field("kilograms")} />
        <TextField label="Length (cm)" {...number} min={BABY_GAME_MIN_LENGTH_CENTIMETRES} max={BABY_GAME_MAX_LENGTH_CENTIMETRES} step={METRIC_STEP} error={errors.length} {...field("length")} />
      </>
    );
  const whole = { ...number, inputMode: "numeric", min: 0, step: 1, invalid: Boolean(errors.weight), describedBy: weightErrorId } as const;
  return (
    <>
      <fieldset className="flex flex-col gap-1.5 sm:col-span-2">
        <legend className="mb-1.5 text-sm font-semibold">Weight</legend>
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Pounds" {...whole} max={BABY_GAME_MAX_WEIGHT_POUNDS} {...field("pounds")} />
          <TextField label="Ounces" {...whole} max={OUNCES_PER_POUND - 1} {...field("ounces")} />
        </div>
        {errors.weight && (
          <p id={weightErrorId} className="text-sm font-medium text-danger">
            {errors.weight}
          </p>
        )}
      </fieldset>
      <TextField label="Length (inches)" {...number} min={BABY_GAME_MIN_LENGTH_INCHES} max={BABY_GAME_MAX_LENGTH_INCHES} step={LENGTH_STEP_INCHES} error={errors.length} {...field("length")} />
    </>
  );
}
