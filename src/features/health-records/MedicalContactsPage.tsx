import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MEDICAL_CONTACT_KINDS, type MedicalContactKind } from "../../domain/enums";
import { fieldErrors } from "../../lib/formErrors";
import { useTRPC, type RouterOutputs } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { buttonStyles } from "../../ui/buttonStyles";
import { ConfirmDialog, Dialog } from "../../ui/Dialog";
import { SelectField, TextAreaField } from "../../ui/fields";
import { MailIcon, MapPinIcon, PhoneIcon, PlusIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { Spinner } from "../../ui/Spinner";
import { TextField } from "../../ui/TextField";
import { toast } from "../../ui/toast";
import { EmptyState } from "../../ui/EmptyState";
import { HealthToolPage, type HealthScope } from "./HealthToolPage";
import { usePregnancyReadOnly } from "../pregnancy-context/readOnly";
import { MEDICAL_CONTACT_MESSAGES } from "./messages";
import { mailtoHref, mapsHref, MEDICAL_CONTACT_LABELS, medicalContactSchema, telHref, type MedicalContactInput } from "../../domain/medicalContacts";
import { EMAIL_MAX_LENGTH, PHONE_MAX_LENGTH } from "../../domain/publicForms";
import { LOCATION_MAX_LENGTH, NAME_MAX_LENGTH, NOTES_MAX_LENGTH } from "../../domain/textLimits";

type MedicalContact = RouterOutputs["healthRecords"]["medicalContacts"]["list"][number];
type ContactForm = Required<MedicalContactInput>;

const quiet = { isolationToast: false } as const;

/** /health/medical-contacts: the care team with one-tap call, email and directions. */
export function MedicalContactsPage() {
  return (
    <HealthToolPage title={MEDICAL_CONTACT_MESSAGES.title} description={MEDICAL_CONTACT_MESSAGES.description}>
      {(scope) => <MedicalContacts key={scope.pregnancyId} scope={scope} />}
    </HealthToolPage>
  );
}

function useMedicalContactWrites(scope: HealthScope) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries(trpc.healthRecords.medicalContacts.list.queryFilter(scope));
  const saved = () => toast({ title: MEDICAL_CONTACT_MESSAGES.saved, variant: "success" });
  const saveFailed = () => toast({ title: MEDICAL_CONTACT_MESSAGES.saveFailed, variant: "error" });
  const create = useMutation(trpc.healthRecords.medicalContacts.create.mutationOptions({ meta: quiet, onSuccess: saved, onError: saveFailed, onSettled: reload }));
  const update = useMutation(trpc.healthRecords.medicalContacts.update.mutationOptions({ meta: quiet, onSuccess: saved, onError: saveFailed, onSettled: reload }));
  const remove = useMutation(
    trpc.healthRecords.medicalContacts.delete.mutationOptions({
      meta: quiet,
      onSuccess: () => toast({ title: MEDICAL_CONTACT_MESSAGES.deleted, variant: "success" }),
      onError: () => toast({ title: MEDICAL_CONTACT_MESSAGES.deleteFailed, variant: "error" }),
      onSettled: reload,
    }),
  );
  return {
    /** Resolves once stored; the dialog closes then, and stays open on a failure. */
    save: (values: ContactForm, contactId: string | undefined) =>
      contactId ? update.mutateAsync({ ...scope, ...values, contactId }) : create.mutateAsync({ ...scope, ...values, id: crypto.randomUUID() }),
    remove: (contactId: string) => remove.mutateAsync({ ...scope, contactId }),
  };
}

function MedicalContacts({ scope }: { scope: HealthScope }) {
  const trpc = useTRPC();
  const contacts = useQuery(trpc.healthRecords.medicalContacts.list.queryOptions(scope, { meta: quiet }));
  const writes = useMedicalContactWrites(scope);
  const [editing, setEditing] = useState<{ contact?: MedicalContact } | null>(null);
  const [deleting, setDeleting] = useState<MedicalContact | null>(null);
  // After the service end the care team stays to call and read: no adding or changing (the server refuses it).
  const readOnly = usePregnancyReadOnly();

  const addButton = readOnly ? null : (
    <Button onClick={() => setEditing({})} className="self-start">
      <PlusIcon />
      {MEDICAL_CONTACT_MESSAGES.add}
    </Button>
  );
  if (contacts.isPending) return <Spinner label={MEDICAL_CONTACT_MESSAGES.loading} showLabel />;
  if (contacts.isError) return <LoadError title={MEDICAL_CONTACT_MESSAGES.loadFailed} onRetry={() => void contacts.refetch()} busy={contacts.isFetching} />;

  return (
    <>
      {contacts.data.length === 0 ? (
        <EmptyState action={addButton}>{readOnly ? MEDICAL_CONTACT_MESSAGES.emptyReadOnly : MEDICAL_CONTACT_MESSAGES.empty}</EmptyState>
      ) : (
        <>
          {addButton}
          {MEDICAL_CONTACT_KINDS.map((kind) => {
            const ofKind = contacts.data.filter((contact) => contact.kind === kind);
            return (
              ofKind.length > 0 && (
                <KindGroup key={kind} title={MEDICAL_CONTACT_LABELS[kind]}>
                  {ofKind.map((contact) => (
                    <li key={contact.id}>
                      <ContactCard contact={contact} {...(!readOnly && { onEdit: () => setEditing({ contact }), onDelete: () => setDeleting(contact) })} />
                    </li>
                  ))}
                </KindGroup>
              )
            );
          })}
        </>
      )}
      <ContactDialog
        open={editing !== null}
        contact={editing?.contact}
        onClose={() => setEditing(null)}
        onSave={(values) => writes.save(values, editing?.contact?.id).then(() => setEditing(null))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={MEDICAL_CONTACT_MESSAGES.confirmTitle}
        description={deleting ? MEDICAL_CONTACT_MESSAGES.confirmDescription(deleting.name) : ""}
        confirmLabel={MEDICAL_CONTACT_MESSAGES.confirm}
        onConfirm={() => (deleting ? writes.remove(deleting.id) : Promise.resolve())}
      />
    </>
  );
}

function KindGroup({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-bold">
        {title}
      </h2>
      <ul className="flex flex-col gap-3">{children}</ul>
    </section>
  );
}

const actionLink = buttonStyles({ variant: "secondary", size: "sm" });

/** A contact with what one tap needs: call, email, directions (its kind is the group's heading). */
function ContactCard({ contact, onEdit, onDelete }: { contact: MedicalContact; onEdit?: () => void; onDelete?: () => void }) {
  return (
    <article className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 text-lg font-bold break-words">{contact.name}</h3>
        {onEdit && onDelete && (
          <div className="flex gap-1">
            <Button variant="ghost" size="sm" onClick={onEdit} aria-label={MEDICAL_CONTACT_MESSAGES.edit(contact.name)}>
              {MEDICAL_CONTACT_MESSAGES.editShort}
            </Button>
            <Button variant="ghost" size="sm" onClick={onDelete} aria-label={MEDICAL_CONTACT_MESSAGES.remove(contact.name)}>
              {MEDICAL_CONTACT_MESSAGES.removeShort}
            </Button>
          </div>
        )}
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        {contact.phone && <Detail label={MEDICAL_CONTACT_MESSAGES.phone}>{contact.phone}</Detail>}
        {contact.email && <Detail label={MEDICAL_CONTACT_MESSAGES.email}>{contact.email}</Detail>}
        {contact.address && <Detail label={MEDICAL_CONTACT_MESSAGES.address}>{contact.address}</Detail>}
      </dl>
      {contact.notes && <p className="text-sm break-words whitespace-pre-line">{contact.notes}</p>}
      <div className="flex flex-wrap gap-2">
        {contact.phone && (
          <a href={telHref(contact.phone)} className={buttonStyles({ size: "sm" })} aria-label={MEDICAL_CONTACT_MESSAGES.call(contact.name)}>
            <PhoneIcon className="size-4" />
            {MEDICAL_CONTACT_MESSAGES.callShort}
          </a>
        )}
        {contact.email && (
          <a href={mailtoHref(contact.email)} className={actionLink} aria-label={MEDICAL_CONTACT_MESSAGES.emailLink(contact.name)}>
            <MailIcon className="size-4" />
            {MEDICAL_CONTACT_MESSAGES.email}
          </a>
        )}
        {contact.address && (
          <a href={mapsHref(contact.address)} target="_blank" rel="noopener noreferrer" className={actionLink} aria-label={MEDICAL_CONTACT_MESSAGES.directions(contact.name)}>
            <MapPinIcon className="size-4" />
            {MEDICAL_CONTACT_MESSAGES.directionsShort}
          </a>
        )}
      </div>
    </article>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </>
  );
}

interface ContactDialogProps {
  open: boolean;
  contact: MedicalContact | undefined;
  onClose: () => void;
  onSave: (values: ContactForm) => Promise<unknown>;
}

function ContactDialog({ open, contact, onClose, onSave }: ContactDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={contact ? MEDICAL_CONTACT_MESSAGES.editTitle : MEDICAL_CONTACT_MESSAGES.addTitle} size="lg">
      {open && <ContactFormFields key={contact?.id ?? "new"} contact={contact} onCancel={onClose} onSave={onSave} />}
    </Dialog>
  );
}

const valuesOf = (contact: MedicalContact | undefined): ContactForm => ({
  kind: contact?.kind ?? "provider",
  name: contact?.name ?? "",
  phone: contact?.phone ?? "",
  email: contact?.email ?? "",
  address: contact?.address ?? "",
  notes: contact?.notes ?? "",
});

function ContactFormFields({ contact, onCancel, onSave }: { contact: MedicalContact | undefined; onCancel: () => void; onSave: (values: ContactForm) => Promise<unknown> }) {
  const [values, setValues] = useState(() => valuesOf(contact));
  const [errors, setErrors] = useState<Partial<Record<keyof ContactForm, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof ContactForm) => (value: string) => setValues((previous) => ({ ...previous, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = medicalContactSchema.safeParse(values);
    const found = fieldErrors<ContactForm>(result);
    setErrors(found);
    if (!result.success) return;
    setBusy(true);
    try {
      await onSave(values);
    } catch {
      // The toast says it failed; the form stays to try again.
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <SelectField label={MEDICAL_CONTACT_MESSAGES.kind} value={values.kind} onChange={(e) => set("kind")(e.target.value as MedicalContactKind)}>
        {MEDICAL_CONTACT_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {MEDICAL_CONTACT_LABELS[kind]}
          </option>
        ))}
      </SelectField>
      <TextField label={MEDICAL_CONTACT_MESSAGES.name} value={values.name} maxLength={NAME_MAX_LENGTH} required error={errors.name} onChange={(e) => set("name")(e.target.value)} data-autofocus />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={MEDICAL_CONTACT_MESSAGES.phone} type="tel" inputMode="tel" autoComplete="off" value={values.phone} maxLength={PHONE_MAX_LENGTH} error={errors.phone} onChange={(e) => set("phone")(e.target.value)} />
        <TextField label={MEDICAL_CONTACT_MESSAGES.email} type="email" autoComplete="off" value={values.email} maxLength={EMAIL_MAX_LENGTH} error={errors.email} onChange={(e) => set("email")(e.target.value)} />
      </div>
      <TextAreaField label={MEDICAL_CONTACT_MESSAGES.address} hint={MEDICAL_CONTACT_MESSAGES.addressHint} value={values.address} maxLength={LOCATION_MAX_LENGTH} rows={2} onChange={(e) => set("address")(e.target.value)} />
      <TextAreaField label={MEDICAL_CONTACT_MESSAGES.notes} value={values.notes} maxLength={NOTES_MAX_LENGTH} rows={2} onChange={(e) => set("notes")(e.target.value)} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {MEDICAL_CONTACT_MESSAGES.cancel}
        </Button>
        <Button type="submit" loading={busy}>
          {MEDICAL_CONTACT_MESSAGES.save}
        </Button>
      </div>
    </form>
  );
}
