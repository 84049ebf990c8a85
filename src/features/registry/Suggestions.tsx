import { useId, useState, type FormEvent } from "react";
import { normalizeRegistryUrl, REGISTRY_DESCRIPTION_MAX_LENGTH, REGISTRY_MESSAGES, REGISTRY_SUGGESTION_MESSAGES, REGISTRY_URL_MAX_LENGTH } from "../../domain/registry";
import { Button } from "../../ui/Button";
import { TextAreaField } from "../../ui/fields";
import { LoadError } from "../../ui/LoadError";
import { Spinner } from "../../ui/Spinner";
import { TextField } from "../../ui/TextField";
import { toast } from "../../ui/toast";
import { ExternalLink } from "./RegistryList";
import { registryRefusal, useSuggestionWrites, type RegistryScope, type Suggestion } from "./useRegistry";
import { TITLE_MAX_LENGTH } from "../../domain/textLimits";

const EMPTY = { name: "", link: "", note: "" };

/** Guests with canSuggestRegistryItems: an idea for the parents' registry, with an optional link and note. */
export function SuggestItemForm({ scope }: { scope: RegistryScope }) {
  const headingId = useId();
  const { suggest } = useSuggestionWrites(scope);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<{ name?: string; link?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(values.name.trim() ? {} : { name: "Enter the item's name" }),
      ...(values.link.trim() && !normalizeRegistryUrl(values.link).ok ? { link: REGISTRY_MESSAGES.invalidUrl } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await suggest({ name: values.name, ...(values.link.trim() ? { link: values.link } : {}), ...(values.note.trim() ? { note: values.note } : {}) });
      setValues(EMPTY);
      toast({ title: REGISTRY_SUGGESTION_MESSAGES.sent, variant: "success" });
    } catch (error) {
      if (registryRefusal(error)) setErrors({ link: REGISTRY_MESSAGES.invalidUrl });
      else toast({ title: REGISTRY_SUGGESTION_MESSAGES.sendFailed, variant: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-3 bg-surface p-4 sm:p-5">
      <h2 id={headingId} className="text-xl font-bold">
        Suggest an item
      </h2>
      <p className="text-muted-foreground">Know something the parents would love? Suggest it, and they can add it to their registry.</p>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <TextField label="Item name" value={values.name} maxLength={TITLE_MAX_LENGTH} required error={errors.name} onChange={(e) => setValues({ ...values, name: e.target.value })} />
        <TextField
          label="Link"
          value={values.link}
          inputMode="url"
          maxLength={REGISTRY_URL_MAX_LENGTH}
          hint="Optional: where to find it."
          placeholder="https://"
          error={errors.link}
          onChange={(e) => setValues({ ...values, link: e.target.value })}
        />
        <TextAreaField label="Note" hint="Optional." value={values.note} maxLength={REGISTRY_DESCRIPTION_MAX_LENGTH} rows={2} onChange={(e) => setValues({ ...values, note: e.target.value })} />
        <Button type="submit" loading={busy} className="self-start">
          Send suggestion
        </Button>
      </form>
    </section>
  );
}

interface SuggestionsSectionProps {
  scope: RegistryScope;
  suggestions: { data: Suggestion[] | undefined; isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  /** False once the pregnancy is read-only: the suggestions stay to read. */
  canAnswer: boolean;
}

/** Parents: the guests' ideas, newest first, to accept (kept as accepted) or dismiss. */
export function SuggestionsSection({ scope, suggestions, canAnswer }: SuggestionsSectionProps) {
  const headingId = useId();
  const idBase = useId();
  const { accept, dismiss, answering } = useSuggestionWrites(scope);

  let body;
  if (suggestions.isPending) body = <Spinner label="Loading suggestions" />;
  else if (suggestions.isError || !suggestions.data)
    body = (
      <LoadError title={REGISTRY_SUGGESTION_MESSAGES.loadFailed} onRetry={() => void suggestions.refetch()} busy={suggestions.isFetching}>
        Your guests' suggestions could not be loaded.
      </LoadError>
    );
  else if (suggestions.data.length === 0) body = <p className="text-muted-foreground">{canAnswer ? "No suggestions yet. Guests who may suggest items can send you ideas from this page." : "No suggestions."}</p>;
  else
    body = (
      <ul aria-label="Suggestions" className="flex flex-col gap-3">
        {suggestions.data.map((suggestion) => {
          const titleId = `${idBase}-${suggestion.id}`;
          const accepted = suggestion.status === "accepted";
          return (
            <li key={suggestion.id}>
              <article aria-labelledby={titleId} className="flex flex-col gap-2 rounded-xl border border-border p-3 sm:p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 id={titleId} className="font-bold break-words">
                    {suggestion.name}
                  </h3>
                  {accepted && <span className="rounded-full bg-success-soft px-2.5 py-0.5 text-xs font-semibold text-success-foreground">Accepted</span>}
                </div>
                <p className="text-sm text-muted-foreground">
                  Suggested by {suggestion.suggester.firstName} {suggestion.suggester.lastName}
                </p>
                {suggestion.note && <p className="break-words whitespace-pre-line">{suggestion.note}</p>}
                {suggestion.link && (
                  <ExternalLink href={suggestion.link} className="self-start">
                    {`Open link for ${suggestion.name}`}
                  </ExternalLink>
                )}
                {canAnswer && (
                  <div className="flex flex-wrap gap-2">
                    {!accepted && (
                      <Button size="sm" onClick={() => accept(suggestion.id)} disabled={answering === suggestion.id}>
                        Accept
                      </Button>
                    )}
                    <Button variant="secondary" size="sm" onClick={() => dismiss(suggestion.id)} disabled={answering === suggestion.id}>
                      Dismiss
                    </Button>
                  </div>
                )}
              </article>
            </li>
          );
        })}
      </ul>
    );

  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-3 bg-surface p-4 sm:p-5">
      <h2 id={headingId} className="text-xl font-bold">
        Suggestions from guests
      </h2>
      {body}
    </section>
  );
}
