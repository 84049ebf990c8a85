import { useId, useState } from "react";
import { clsx } from "clsx";
import { retailerName } from "../../domain/registry";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/Dialog";
import { Switch } from "../../ui/fields";
import { ChevronLeftIcon, ChevronRightIcon, LinkIcon } from "../../ui/icons";
import type { Registry } from "./useRegistry";
import { useReorder } from "./useReorder";

/** A link to somewhere outside the app: a new tab that cannot reach back into this one. */
export function ExternalLink({ href, children, className }: { href: string; children: string; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={clsx("inline-flex items-center gap-1.5 font-semibold break-words text-link underline", className)}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
      <LinkIcon className="size-4" />
    </a>
  );
}

const fullName = (person: { firstName: string; lastName: string } | null) => (person ? `${person.firstName} ${person.lastName}`.trim() : null);

/** What everyone sees of a registry: its name (the link), retailer, description and who added it. */
function RegistryDetails({ registry, headingId }: { registry: Registry; headingId: string }) {
  const retailer = retailerName(registry.retailer) ?? "Custom registry";
  const creator = fullName(registry.creator);
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <h3 id={headingId} className="text-lg font-bold break-words">
        {registry.name}
      </h3>
      <p className="text-sm text-muted-foreground">
        {retailer}
        {creator && ` · Added by ${creator}`}
      </p>
      {registry.description && <p className="break-words whitespace-pre-line">{registry.description}</p>}
      <ExternalLink href={registry.url} className="self-start">
        {`Open ${registry.name}`}
      </ExternalLink>
    </div>
  );
}

/** A registry the parents keep from their guests (only parents are sent those). */
const HiddenTag = () => <span className="shrink-0 rounded-full bg-muted px-2.5 py-1 text-xs font-semibold">Hidden</span>;

/** Guests, and parents once the pregnancy is read-only: the registries in the parents' order, each opening in a new tab. */
export function GuestRegistryList({ registries }: { registries: Registry[] }) {
  const idBase = useId();
  return (
    <ol aria-label="Registries" className="flex flex-col gap-3">
      {registries.map((registry) => (
        <li key={registry.id}>
          <article aria-labelledby={`${idBase}-${registry.id}`} className={clsx("card flex items-start gap-2 bg-surface p-4 sm:p-5", !registry.isVisible && "border-dashed")}>
            <RegistryDetails registry={registry} headingId={`${idBase}-${registry.id}`} />
            {!registry.isVisible && <HiddenTag />}
          </article>
        </li>
      ))}
    </ol>
  );
}

interface ManagedRegistryListProps {
  registries: Registry[];
  onReorder: (ids: string[]) => void;
  onVisibility: (registryId: string, isVisible: boolean) => void;
  onEdit: (registry: Registry) => void;
  onDelete: (registryId: string) => Promise<unknown>;
}

/**
 * Parents: every registry, hidden ones marked, in an order they set by dragging the handle or, from
 * the keyboard, with Move up / Move down (each move is announced). Hide/show, edit and delete
 * (after a question) on each.
 */
export function ManagedRegistryList({ registries, onReorder, onVisibility, onEdit, onDelete }: ManagedRegistryListProps) {
  const idBase = useId();
  const { shown, dragging, announcement, move, handleProps, rowRef } = useReorder(registries, onReorder);
  const [deleting, setDeleting] = useState<Registry | null>(null);

  return (
    <>
      <p className="text-sm text-muted-foreground">Drag a registry by its handle, or use Move up and Move down, to set the order guests see.</p>
      <ol aria-label="Registries" className="flex flex-col gap-3">
        {shown.map((registry, index) => {
          const headingId = `${idBase}-${registry.id}`;
          return (
            <li key={registry.id} ref={rowRef(registry.id)}>
              <article
                aria-labelledby={headingId}
                className={clsx("card flex gap-2 bg-surface p-3 sm:gap-3 sm:p-5", dragging === registry.id && "opacity-80 shadow-lg ring-2 ring-primary", !registry.isVisible && "border-dashed")}
              >
                <span
                  {...handleProps(registry.id)}
                  aria-hidden="true"
                  title="Drag to reorder"
                  className="-my-1 flex w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-muted-foreground select-none hover:bg-muted active:cursor-grabbing"
                >
                  <svg viewBox="0 0 24 24" className="size-5" fill="currentColor">
                    <circle cx="9" cy="6" r="1.5" />
                    <circle cx="15" cy="6" r="1.5" />
                    <circle cx="9" cy="12" r="1.5" />
                    <circle cx="15" cy="12" r="1.5" />
                    <circle cx="9" cy="18" r="1.5" />
                    <circle cx="15" cy="18" r="1.5" />
                  </svg>
                </span>
                <div className="flex min-w-0 flex-1 flex-col gap-3">
                  <div className="flex items-start gap-2">
                    <RegistryDetails registry={registry} headingId={headingId} />
                    {!registry.isVisible && <HiddenTag />}
                  </div>
                  <Switch label="Show to guests" checked={registry.isVisible} onCheckedChange={(isVisible) => onVisibility(registry.id, isVisible)} className="max-w-xs" />
                  <div className="flex flex-wrap items-center gap-2">
                    <button
                      type="button"
                      data-move="up"
                      aria-label={`Move ${registry.name} up`}
                      disabled={index === 0}
                      onClick={() => move(registry.id, "up")}
                      className="inline-flex size-11 items-center justify-center rounded-full border border-border hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-40"
                    >
                      <ChevronLeftIcon className="rotate-90" />
                    </button>
                    <button
                      type="button"
                      data-move="down"
                      aria-label={`Move ${registry.name} down`}
                      disabled={index === shown.length - 1}
                      onClick={() => move(registry.id, "down")}
                      className="inline-flex size-11 items-center justify-center rounded-full border border-border hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-40"
                    >
                      <ChevronRightIcon className="rotate-90" />
                    </button>
                    <span className="flex-1" />
                    <Button variant="secondary" size="sm" onClick={() => onEdit(registry)}>
                      Edit
                    </Button>
                    <Button variant="danger" size="sm" onClick={() => setDeleting(registry)}>
                      Delete
                    </Button>
                  </div>
                </div>
              </article>
            </li>
          );
        })}
      </ol>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete registry?"
        description={deleting ? `${deleting.name} will be removed from your list, and guests will no longer see it.` : ""}
        confirmLabel="Delete registry"
        onConfirm={() => (deleting ? onDelete(deleting.id) : Promise.resolve())}
      />
    </>
  );
}
