import { useId } from "react";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { inspirationTemplate, uploadDefaultsFor, type InspirationTemplate } from "../../domain/inspiration";
import { useDocumentTitle } from "../../lib/document-title";
import { buttonStyles } from "../../ui/buttonStyles";
import { Tabs } from "../../ui/Tabs";
import { AREAS } from "../../lib/areas";
import { AlbumPanel } from "./album/AlbumPanel";
import { useSharedFiles } from "./album/sharedUpload";
import { InspirationGallery } from "./inspiration/InspirationGallery";
import { privacyLabel } from "./inspiration/labels";
import type { PhotoTab } from "./search";
import { PageHeader } from "../../ui/PageHeader";
import { ReadOnlyLine, usePregnancyReadOnly } from "../pregnancy-context/readOnly";
import { usePregnancyContext } from "../pregnancy-context/usePregnancyContext";

/**
 * /photos: the photo album and the inspiration gallery as two tabs; the open tab lives in `?tab`
 * so a reload or a shared link lands on it. 'Use this idea' opens the album with `?template`; the
 * share sheet (src/sw.ts) with `?share`, whose files the upload dialog starts with.
 */
export function PhotosPage() {
  const { title } = AREAS.photos;
  useDocumentTitle(title);
  const search = useSearch({ from: "/_authenticated/photos" });
  const navigate = useNavigate({ from: "/photos" });
  // After the service end nothing can be uploaded, so no idea is offered to start one from (the line above the tabs says why).
  const readOnly = usePregnancyReadOnly();
  // After a loss (issue 38) no idea for a bump or ultrasound photo is offered: the album alone.
  const endedInLoss = usePregnancyContext().pregnancy?.endedInLoss ?? false;
  const [shared, letSharedGo] = useSharedFiles(search.share);
  const sharing = { shared, onSharedDone: letSharedGo };
  const chosen = search.template === undefined || readOnly || endedInLoss ? undefined : inspirationTemplate(search.template);

  const showTab = (tab: PhotoTab) => void navigate({ search: (previous) => ({ ...previous, tab }) });
  const startFromIdea = (template: InspirationTemplate) => void navigate({ search: (previous) => ({ ...previous, tab: "album", template: template.id }) });

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-3 py-4 sm:px-6 sm:py-6">
      <PageHeader title={title} />
      <ReadOnlyLine />
      {endedInLoss ? (
        <AlbumPanel key="album" {...sharing} />
      ) : (
        <Tabs
          label={title}
          value={search.tab ?? "album"}
          onValueChange={showTab}
          className="[&>[role=tablist]]:max-w-sm"
          tabs={[
            {
              key: "album",
              label: "Album",
              panel: (
                <div className="flex flex-col gap-4">
                  {chosen && <ChosenIdea template={chosen} />}
                  <AlbumPanel key={chosen?.id ?? "album"} {...sharing} {...(chosen ? { uploadDefaults: uploadDefaultsFor(chosen) } : {})} />
                </div>
              ),
            },
            { key: "inspiration", label: "Inspiration", panel: <InspirationGallery {...(readOnly ? {} : { onUseIdea: startFromIdea })} /> },
          ]}
        />
      )}
    </div>
  );
}

/** The idea picked with 'Use this idea': what the upload form will start with. */
function ChosenIdea({ template }: { template: InspirationTemplate }) {
  const defaults = uploadDefaultsFor(template);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card flex flex-col items-start gap-3 border-primary bg-primary-soft p-5">
      <h2 id={headingId} className="text-lg font-bold">
        Idea chosen: {template.title}
      </h2>
      <p className="text-sm">Your upload starts with these details:</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">Title</dt>
        <dd>{defaults.title}</dd>
        <dt className="font-semibold">Description</dt>
        <dd>{defaults.description || "None yet"}</dd>
        <dt className="font-semibold">Tags</dt>
        <dd>{defaults.tags.map((tag) => `#${tag}`).join(", ")}</dd>
        <dt className="font-semibold">Shared with</dt>
        <dd>{privacyLabel(defaults.privacyLevel)}</dd>
      </dl>
      <Link from="/photos" search={(previous) => ({ ...previous, tab: "inspiration", template: undefined })} className={buttonStyles({ variant: "secondary", size: "sm" })}>
        Choose another idea
      </Link>
    </section>
  );
}
