import { useState, type FormEvent } from "react";
import type { ItemPrivacyLevel } from "../../domain/enums";
import { DEFAULT_POST_PRIVACY_LEVEL, normalizePostLink } from "../../domain/posts";
import { REGISTRY_MESSAGES } from "../../domain/registry";
import { Button } from "../../ui/Button";
import { SelectField } from "../../ui/fields";
import { TextField } from "../../ui/TextField";
import { ItemPrivacyField } from "../../ui/ItemPrivacyField";
import { POST_MOODS, moodLabel } from "./moods";
import { RichTextEditor } from "./RichTextEditor";
import { AttachPhotos } from "./AttachPhotos";
import { isBlankPostHtml } from "./postHtml";
import type { FeedPost, PostPhoto, PostsScope } from "./usePosts";

export interface PostDraft {
  content: string;
  mood: string;
  location: string;
  link: string;
  privacyLevel: ItemPrivacyLevel;
  /** Album photos shown with the post, in the order chosen. */
  photoIds: string[];
}

/** The form's own fields; the photos are kept beside them. */
type DraftFields = Omit<PostDraft, "photoIds">;

interface ComposerProps {
  scope: PostsScope;
  /** The post being edited; a new post without it. */
  post?: FeedPost;
  submitLabel: string;
  busy: boolean;
  /** Saves the draft; the owner then resets or closes the composer. */
  onSubmit: (draft: PostDraft) => void;
  onCancel?: () => void;
}

/** The post form: formatted text, photos from the album, mood, location, a link and who may see it. */
export function Composer({ scope, post, submitLabel, busy, onSubmit, onCancel }: ComposerProps) {
  const [photos, setPhotos] = useState<PostPhoto[]>(post?.photos ?? []);
  const [draft, setDraft] = useState<DraftFields>({
    content: post?.content ?? "",
    mood: post?.mood ?? "",
    location: post?.location ?? "",
    link: post?.linkUrl ?? "",
    privacyLevel: post?.privacyLevel ?? DEFAULT_POST_PRIVACY_LEVEL,
  });
  const [linkError, setLinkError] = useState<string | undefined>();
  const change = (patch: Partial<DraftFields>) => setDraft((current) => ({ ...current, ...patch }));
  // As on the server: a post needs some text or a photo.
  const empty = isBlankPostHtml(draft.content) && photos.length === 0;
  const moods = post?.mood && !POST_MOODS.some((m) => m.value === post.mood) ? [post.mood, ...POST_MOODS.map((m) => m.value)] : POST_MOODS.map((m) => m.value);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (draft.link.trim() && !normalizePostLink(draft.link).ok) {
      setLinkError(REGISTRY_MESSAGES.invalidUrl);
      return;
    }
    if (!empty) onSubmit({ ...draft, photoIds: photos.map((photo) => photo.id) });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <RichTextEditor label="Share an update" initialHtml={post?.content} onChange={(content) => change({ content })} hint="Bold, italic, lists and links are kept." />
      <AttachPhotos scope={scope} photos={photos} onChange={setPhotos} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Mood" value={draft.mood} onChange={(event) => change({ mood: event.target.value })}>
          <option value="">No mood</option>
          {moods.map((mood) => (
            <option key={mood} value={mood}>
              {moodLabel(mood)}
            </option>
          ))}
        </SelectField>
        <ItemPrivacyField label="Who can see this" value={draft.privacyLevel} onChange={(privacyLevel) => change({ privacyLevel })} />
        <TextField label="Location" value={draft.location} autoComplete="off" onChange={(event) => change({ location: event.target.value })} />
        <TextField
          label="Link"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={draft.link}
          error={linkError}
          onChange={(event) => {
            setLinkError(undefined);
            change({ link: event.target.value });
          }}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={busy} disabled={empty}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
