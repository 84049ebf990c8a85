import { useState } from "react";
import { NO_PREGNANCY_CONTEXT_MESSAGE } from "../../domain/errors";
import { REGISTRY_MESSAGES, registryCounts } from "../../domain/registry";
import { useDocumentTitle } from "../../lib/document-title";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { PlusIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { Spinner } from "../../ui/Spinner";
import { usePregnancyContext } from "../pregnancy-context/usePregnancyContext";
import { AREAS } from "../../lib/areas";
import { RegistryFormDialog } from "./RegistryFormDialog";
import { GuestRegistryList, ManagedRegistryList } from "./RegistryList";
import { SuggestionsSection, SuggestItemForm } from "./Suggestions";
import { useRegistryData, useRegistryWrites, type Registry, type RegistryScope } from "./useRegistry";
import { PageHeader } from "../../ui/PageHeader";
import { ReadOnlyLine, usePregnancyReadOnly } from "../pregnancy-context/readOnly";

interface Rights {
  canManage: boolean;
  /** Managing, while the pregnancy takes changes: after the service end the parents see their list as it ended. */
  canEdit: boolean;
  canView: boolean;
  canSuggest: boolean;
  /** False after a loss: the guests' suggestions are neither asked for nor shown. */
  suggestionsOffered: boolean;
}

/**
 * /registry (signed-in users): the pregnancy's registries at outside retailers. Parents (those with
 * canManageRegistry) add, order, hide and remove them and answer guests' suggestions; guests see
 * the visible ones in the parents' order and, with canSuggestRegistryItems, suggest items. The
 * server enforces every right; the page only leaves out what the flags forbid.
 */
export function RegistryPage() {
  const { title, summary } = AREAS.registry;
  useDocumentTitle(title);
  const { pregnancyId, mode, access, isLoading, pregnancy } = usePregnancyContext();
  const permissions = access?.permissions;
  // After the service end nothing can be suggested, added or changed (the server refuses it; the page says why in one line).
  const readOnly = usePregnancyReadOnly();
  const canManage = permissions?.canManageRegistry ?? false;
  // After a loss (issue 38) nobody is asked for baby things: no suggesting, and no suggestions offered to the parents.
  const endedInLoss = pregnancy?.endedInLoss ?? false;
  const rights: Rights = {
    canManage,
    canEdit: canManage && !readOnly,
    canView: permissions?.canViewRegistry ?? false,
    canSuggest: !readOnly && !endedInLoss && (permissions?.canSuggestRegistryItems ?? false),
    suggestionsOffered: !endedInLoss,
  };

  let body;
  if (isLoading) body = <Spinner label="Loading the registry" className="p-6" />;
  else if (!pregnancyId) body = <Alert variant="info">{NO_PREGNANCY_CONTEXT_MESSAGE}</Alert>;
  else
    body = (
      <>
        <ReadOnlyLine />
        <RegistryArea key={pregnancyId} scope={{ pregnancyId, mode }} rights={rights} />
      </>
    );

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 sm:px-6 sm:py-8">
      <PageHeader title={title} description={rights.canManage ? summary : "The parents' baby registries. Each opens at the retailer in a new tab."} />
      {body}
    </div>
  );
}

function RegistryArea({ scope, rights }: { scope: RegistryScope; rights: Rights }) {
  const canSee = rights.canView || rights.canManage;
  return (
    <>
      {canSee ? (
        <Registries scope={scope} canManage={rights.canManage} canEdit={rights.canEdit} suggestionsOffered={rights.suggestionsOffered} />
      ) : (
        <section aria-labelledby="registry-limited" className="card flex flex-col gap-2 p-6">
          <h2 id="registry-limited" className="text-xl font-bold">
            Limited Access
          </h2>
          <p className="text-muted-foreground">The parents have not shared their registry with you.</p>
        </section>
      )}
      {rights.canSuggest && !rights.canManage && <SuggestItemForm scope={scope} />}
    </>
  );
}

function Registries({ scope, canManage, canEdit, suggestionsOffered }: { scope: RegistryScope; canManage: boolean; canEdit: boolean; suggestionsOffered: boolean }) {
  const { registries, suggestions } = useRegistryData(scope, canManage);
  const writes = useRegistryWrites(scope);
  const [form, setForm] = useState<{ registry?: Registry } | null>(null);
  const list = registries.data ?? [];

  let body;
  if (registries.isPending) body = <Spinner label="Loading registries" className="p-6" />;
  else if (registries.isError && !registries.data)
    body = (
      <LoadError title={REGISTRY_MESSAGES.loadFailed} onRetry={() => void registries.refetch()} busy={registries.isFetching}>
        The registries could not be loaded.
      </LoadError>
    );
  else if (list.length === 0)
    body = <p className="card bg-surface p-5 text-muted-foreground">{canManage ? "No registries yet. Add one from a preset retailer or your own link." : "The parents have not shared a registry yet."}</p>;
  else if (canEdit)
    body = (
      <ManagedRegistryList
        registries={list}
        onReorder={writes.reorder}
        onVisibility={writes.setVisibility}
        onEdit={(registry) => setForm({ registry })}
        onDelete={writes.remove}
      />
    );
  else body = <GuestRegistryList registries={list} />;

  return (
    <>
      {canEdit && (
        <Button onClick={() => setForm({})} className="self-start">
          <PlusIcon className="size-5" />
          Add registry
        </Button>
      )}
      {body}
      {canManage && (
        <>
          {suggestionsOffered && <SuggestionsSection scope={scope} suggestions={suggestions} canAnswer={canEdit} />}
          <RegistryFormDialog open={form !== null} onClose={() => setForm(null)} registry={form?.registry} counts={registryCounts(list)} onSave={writes.save} />
        </>
      )}
    </>
  );
}
