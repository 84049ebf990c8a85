import { useId } from "react";
import { INSPIRATION_IMAGE_SIZE, isFeaturedTemplate, uploadDefaultsFor, type FeaturedInspirationTemplate, type InspirationTemplate } from "../../../domain/inspiration";
import { Button } from "../../../ui/Button";
import { Dialog } from "../../../ui/Dialog";
import { CATEGORY_LABELS, privacyLabel } from "./labels";

interface IdeaDialogProps {
  /** The idea to show; none closes the dialog. */
  template: InspirationTemplate | undefined;
  onClose: () => void;
  /** 'Use this idea': the album's upload form starts from the idea; none when nothing can be uploaded. */
  onUse?: (template: InspirationTemplate) => void;
}

/** An idea in full: its picture, description and tags, and for the first three the prompts, style and 'Use this idea'. */
export function IdeaDialog({ template, onClose, onUse }: IdeaDialogProps) {
  return (
    <Dialog open={template !== undefined} onClose={onClose} title={template?.title ?? ""} description={template?.description} size="lg">
      {template && (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <img src={template.url} alt={template.title} width={INSPIRATION_IMAGE_SIZE} height={INSPIRATION_IMAGE_SIZE} className="mx-auto size-40 shrink-0 rounded-xl bg-muted sm:mx-0 sm:size-48" />
          <div className="flex min-w-0 flex-1 flex-col gap-4">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
              <dt className="font-semibold">Category</dt>
              <dd>{CATEGORY_LABELS[template.category]}</dd>
              <dt className="font-semibold">Tags</dt>
              <dd>
                <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
                  {template.tags.map((tag) => (
                    <li key={tag} className="rounded-full bg-muted px-2.5 py-0.5">
                      #{tag}
                    </li>
                  ))}
                </ul>
              </dd>
            </dl>
            {isFeaturedTemplate(template) && <FeaturedDetails template={template} {...(onUse && { onUse: () => onUse(template) })} />}
          </div>
        </div>
      )}
    </Dialog>
  );
}

function FeaturedDetails({ template, onUse }: { template: FeaturedInspirationTemplate; onUse?: () => void }) {
  const promptsId = useId();
  const styleId = useId();
  const defaults = uploadDefaultsFor(template);
  return (
    <>
      <section aria-labelledby={promptsId} className="flex flex-col gap-2">
        <h3 id={promptsId} className="font-bold">
          Suggested prompts
        </h3>
        <ul className="flex list-disc flex-col gap-1 pl-5">
          {template.suggestedPrompts.map((prompt) => (
            <li key={prompt}>{prompt}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={styleId} className="flex flex-col gap-2">
        <h3 id={styleId} className="font-bold">
          Style
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold">Mood</dt>
          <dd>{template.stylePreferences.mood}</dd>
          <dt className="font-semibold">Shared with</dt>
          <dd>{privacyLabel(template.stylePreferences.privacyLevel)}</dd>
        </dl>
      </section>
      {onUse && (
        <>
          <p className="text-sm text-muted-foreground">Your upload starts with the title “{defaults.title}”, a description and the tags {defaults.tags.map((tag) => `#${tag}`).join(", ")}; change anything before you share it.</p>
          <Button onClick={onUse} className="self-start">
            Use this idea
          </Button>
        </>
      )}
    </>
  );
}
