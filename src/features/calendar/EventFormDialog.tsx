import { useState, type FormEvent } from "react";
import { audienceForCategory, DEFAULT_EVENT_CATEGORY, EVENT_CATEGORY_FORMS, EVENT_CATEGORY_LABELS } from "../../domain/calendar";
import { isDateOnly } from "../../domain/dates";
import { EVENT_CATEGORIES, type EventCategory, type ItemPrivacyLevel } from "../../domain/enums";
import { formatEventTime, parseEventTime } from "../../domain/time";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { SelectField, TextAreaField } from "../../ui/fields";
import { TextField } from "../../ui/TextField";
import { ItemPrivacyField } from "../../ui/ItemPrivacyField";
import type { CalendarEvent, NewEventInput } from "./useCalendar";
import { LOCATION_MAX_LENGTH, NOTES_MAX_LENGTH, QUESTIONS_MAX_LENGTH, TITLE_MAX_LENGTH } from "../../domain/textLimits";

export interface EventFormValues {
  title: string;
  date: string;
  time: string;
  category: EventCategory;
  location: string;
  notes: string;
  questions: string;
  privacyLevel: ItemPrivacyLevel;
}

type FieldErrors = Partial<Record<"title" | "date" | "time", string>>;

const valuesOf = (event: CalendarEvent | undefined, date: string): EventFormValues => ({
  title: event?.title ?? "",
  date: event?.date ?? date,
  time: event?.time ? (formatEventTime(event.time) ?? "") : "",
  category: event?.category ?? DEFAULT_EVENT_CATEGORY,
  location: event?.location ?? "",
  notes: event?.notes ?? "",
  questions: event?.questions ?? "",
  privacyLevel: event?.privacyLevel ?? EVENT_CATEGORY_FORMS[DEFAULT_EVENT_CATEGORY].privacyLevel,
});

/** The same checks the server makes, so a mistake is shown at once and nothing is sent. */
function check(values: EventFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.title.trim()) errors.title = "Enter a title";
  if (!isDateOnly(values.date)) errors.date = "Choose a date";
  if (values.time.trim()) {
    const parsed = parseEventTime(values.time);
    if (!parsed.ok) errors.time = parsed.error;
  }
  return errors;
}

interface EventFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** Editing this event; without it a new event is created. */
  event?: CalendarEvent | undefined;
  /** The day a new event starts on (the day clicked, or today). */
  defaultDate: string;
  /** Shows notes and questions for the provider: the parents' alone (the server drops them from a guest's write). */
  parentFields: boolean;
  onSubmit: (values: Omit<NewEventInput, "id">) => void;
}

/**
 * Create or edit an event. Times are typed the way people say them ('2:30 PM', '14:30'); an
 * invalid one is refused here with the reason and nothing is saved. The dialog closes as soon as
 * the form is valid: the calendar shows the change at once (optimistic).
 */
export function EventFormDialog({ open, onClose, event, defaultDate, parentFields, onSubmit }: EventFormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={event ? "Edit event" : "Add event"} size="lg">
      {open && <EventForm key={event?.id ?? defaultDate} event={event} defaultDate={defaultDate} parentFields={parentFields} onCancel={onClose} onSubmit={onSubmit} />}
    </Dialog>
  );
}

function EventForm({ event, defaultDate, parentFields, onCancel, onSubmit }: Omit<EventFormDialogProps, "open" | "onClose"> & { onCancel: () => void }) {
  const [values, setValues] = useState(() => valuesOf(event, defaultDate));
  const [errors, setErrors] = useState<FieldErrors>({});
  // An event's saved audience was chosen when it was made: only a new event's follows the category.
  const [audiencePicked, setAudiencePicked] = useState(event !== undefined);
  const set = <K extends keyof EventFormValues>(key: K) => (value: EventFormValues[K]) => setValues((previous) => ({ ...previous, [key]: value }));
  const { providerQuestions } = EVENT_CATEGORY_FORMS[values.category];

  function chooseCategory(category: EventCategory) {
    setValues((previous) => ({ ...previous, category, privacyLevel: audienceForCategory(category, previous.privacyLevel, audiencePicked) }));
  }

  function chooseAudience(level: ItemPrivacyLevel) {
    setAudiencePicked(true);
    set("privacyLevel")(level);
  }

  function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onSubmit({ ...values, time: values.time.trim(), questions: providerQuestions ? values.questions : "" });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TextField label="Title" value={values.title} maxLength={TITLE_MAX_LENGTH} required error={errors.title} onChange={(e) => set("title")(e.target.value)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Date" type="date" value={values.date} required error={errors.date} onChange={(e) => set("date")(e.target.value)} />
        <TextField
          label="Time"
          value={values.time}
          placeholder="2:30 PM"
          inputMode="text"
          autoComplete="off"
          hint="For example 2:30 PM or 14:30. Leave empty for all day."
          error={errors.time}
          onChange={(e) => set("time")(e.target.value)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Category" value={values.category} onChange={(e) => chooseCategory(e.target.value as EventCategory)}>
          {EVENT_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {EVENT_CATEGORY_LABELS[category]}
            </option>
          ))}
        </SelectField>
        <ItemPrivacyField label="Who can see it" value={values.privacyLevel} onChange={chooseAudience} />
      </div>
      <TextField label="Location" value={values.location} maxLength={LOCATION_MAX_LENGTH} onChange={(e) => set("location")(e.target.value)} />
      {parentFields && (
        <>
          <TextAreaField label="Notes" value={values.notes} maxLength={NOTES_MAX_LENGTH} rows={3} onChange={(e) => set("notes")(e.target.value)} />
          {providerQuestions && (
            <TextAreaField
              label="Questions for your provider"
              hint="Write them down now so nothing is forgotten at the appointment."
              value={values.questions}
              maxLength={QUESTIONS_MAX_LENGTH}
              rows={3}
              onChange={(e) => set("questions")(e.target.value)}
            />
          )}
        </>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">{event ? "Save changes" : "Save event"}</Button>
      </div>
    </form>
  );
}
