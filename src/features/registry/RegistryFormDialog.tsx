import { useId, useState, type FormEvent } from "react";
import { isPresetRetailer, limitMessage, MAX_CUSTOM_REGISTRIES, MAX_PRESET_REGISTRIES, normalizeRegistryUrl, PRESET_RETAILER_KEYS, PRESET_RETAILERS, type PresetRetailerKey, REGISTRY_DESCRIPTION_MAX_LENGTH, REGISTRY_MESSAGES, REGISTRY_URL_MAX_LENGTH, registryLimitError } from "../../domain/registry";
import { FormMessage } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { SelectField, Switch, TextAreaField } from "../../ui/fields";
import { RadioCards } from "../../ui/RadioCards";
import { TextField } from "../../ui/TextField";
import { registryFailureToast, registryRefusal, type Registry, type SaveRegistryInput } from "./useRegistry";
import { TITLE_MAX_LENGTH } from "../../domain/textLimits";

type Kind = "preset" | "custom";

interface FormValues {
  kind: Kind;
  retailer: PresetRetailerKey | "";
  name: string;
  url: string;
  description: string;
  isVisible: boolean;
}

type FieldErrors = Partial<Record<"retailer" | "name" | "url", string>>;

const KIND_OPTIONS = [
  { value: "preset", label: "Preset retailer", description: `Amazon, Target, Babylist and more: up to ${MAX_PRESET_REGISTRIES}.` },
  { value: "custom", label: "Custom registry", description: `Any other shop or list: up to ${MAX_CUSTOM_REGISTRIES}.` },
] as const;

const valuesOf = (registry: Registry | undefined): FormValues => ({
  kind: registry?.isCustom ? "custom" : "preset",
  retailer: registry && isPresetRetailer(registry.retailer) ? registry.retailer : "",
  name: registry?.name ?? "",
  url: registry?.url ?? "",
  description: registry?.description ?? "",
  isVisible: registry?.isVisible ?? true,
});

/** The same checks the server makes, so a mistake is shown at once and nothing is sent. */
function check(values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (values.kind === "preset" && !values.retailer) errors.retailer = "Choose a retailer";
  if (!values.name.trim()) errors.name = "Enter a name";
  if (!normalizeRegistryUrl(values.url).ok) errors.url = REGISTRY_MESSAGES.invalidUrl;
  return errors;
}

const hostOf = (site: string) => new URL(site).host;

interface RegistryFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** Editing this registry; without it a new one is added. */
  registry?: Registry | undefined;
  /** How many preset and custom registries the pregnancy has (the limits are checked before sending). */
  counts: { presets: number; custom: number };
  onSave: (input: SaveRegistryInput) => Promise<unknown>;
}

/**
 * Add or edit a registry: a preset retailer (chosen from the list, which also names it) or a
 * custom one, with its link, a description and whether guests see it. The dialog stays open until
 * the server has saved it, so a refusal (a limit reached meanwhile, a URL it refuses) is shown here.
 */
export function RegistryFormDialog({ open, onClose, registry, counts, onSave }: RegistryFormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={registry ? "Edit registry" : "Add registry"} size="lg">
      {open && <RegistryForm key={registry?.id ?? "new"} registry={registry} counts={counts} onSave={onSave} onDone={onClose} />}
    </Dialog>
  );
}

function RegistryForm({ registry, counts, onSave, onDone }: Omit<RegistryFormDialogProps, "open" | "onClose"> & { onDone: () => void }) {
  const [values, setValues] = useState(() => valuesOf(registry));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const retailerErrorId = useId();
  const set = <K extends keyof FormValues>(key: K) => (value: FormValues[K]) => setValues((previous) => ({ ...previous, [key]: value }));
  const site = values.kind === "preset" && values.retailer ? PRESET_RETAILERS[values.retailer].site : null;

  function chooseRetailer(retailer: PresetRetailerKey | "") {
    setValues((previous) => {
      // The name follows the retailer until the parent types their own.
      const previousName = previous.retailer ? PRESET_RETAILERS[previous.retailer].name : "";
      const name = retailer && (previous.name.trim() === "" || previous.name === previousName) ? PRESET_RETAILERS[retailer].name : previous.name;
      return { ...previous, retailer, name };
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check(values);
    setErrors(found);
    const isCustom = values.kind === "custom";
    // A new registry, or one changing kind, counts against that kind's limit.
    const limit = registry?.isCustom === isCustom ? null : registryLimitError(counts, isCustom);
    setRefusal(limit ? limitMessage(limit) : null);
    if (Object.keys(found).length > 0 || limit) return;
    const fields = { name: values.name, url: values.url, description: values.description, isVisible: values.isVisible, ...(registry ? { registryId: registry.id } : {}) };
    setBusy(true);
    try {
      await onSave(isCustom || !values.retailer ? { ...fields, isCustom: true } : { ...fields, isCustom: false, retailer: values.retailer });
      onDone();
    } catch (error) {
      const text = registryRefusal(error);
      if (text) setRefusal(text);
      else registryFailureToast(error, registry ? "update" : "add");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <RadioCards legend="Kind of registry" showLegend options={KIND_OPTIONS} value={values.kind} onChange={set("kind")} className="sm:grid sm:grid-cols-2" />
      <p className="text-sm text-muted-foreground">
        Preset retailers: {counts.presets} of {MAX_PRESET_REGISTRIES} · Custom registries: {counts.custom} of {MAX_CUSTOM_REGISTRIES}
      </p>
      {values.kind === "preset" && (
        <div className="flex flex-col gap-1.5">
          <SelectField
            label="Retailer"
            value={values.retailer}
            required
            aria-invalid={errors.retailer ? true : undefined}
            aria-describedby={errors.retailer ? retailerErrorId : undefined}
            onChange={(e) => chooseRetailer(e.target.value as PresetRetailerKey | "")}>
            <option value="">Choose a retailer</option>
            {PRESET_RETAILER_KEYS.map((key) => (
              <option key={key} value={key}>
                {PRESET_RETAILERS[key].name}
              </option>
            ))}
          </SelectField>
          {errors.retailer && (
            <p id={retailerErrorId} className="text-sm font-medium text-danger">
              {errors.retailer}
            </p>
          )}
        </div>
      )}
      <TextField label="Name" value={values.name} maxLength={TITLE_MAX_LENGTH} required error={errors.name} onChange={(e) => set("name")(e.target.value)} />
      <TextField
        label="Registry URL"
        value={values.url}
        inputMode="url"
        autoComplete="url"
        maxLength={REGISTRY_URL_MAX_LENGTH}
        required
        placeholder={site ?? "https://"}
        hint={site ? `Copy the link to your list from ${hostOf(site)}.` : "The link guests open to see your list."}
        error={errors.url}
        onChange={(e) => set("url")(e.target.value)}
      />
      <TextAreaField
        label="Description"
        hint={`Optional, up to ${REGISTRY_DESCRIPTION_MAX_LENGTH} characters.`}
        value={values.description}
        maxLength={REGISTRY_DESCRIPTION_MAX_LENGTH}
        rows={3}
        onChange={(e) => set("description")(e.target.value)}
      />
      <Switch label="Show to guests" hint="Hidden registries are only seen by you and your partner." checked={values.isVisible} onCheckedChange={set("isVisible")} />
      <FormMessage message={refusal} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          {registry ? "Save changes" : "Save registry"}
        </Button>
      </div>
    </form>
  );
}
