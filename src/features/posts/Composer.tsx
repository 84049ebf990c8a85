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
import { NOT_SENT_TEXT } from "../../lib/useDraft";

export interface PostDraft {
  content: string;
  mood: string;
  location: string;
  link: string;
  privacyLevel: ItemPrivacyLevel;
  /** Album photos shown with the post, in the order chosen. */
  photoIds: string[];
}

/** What the form holds: the post's fields with its photos as shown. */
export type PostComposition = Omit<PostDraft, "photoIds"> & { photos: PostPhoto[] };

export const EMPTY_POST: PostComposition = { content: "", mood: "", location: "", link: "", privacyLevel: DEFAULT_POST_PRIVACY_LEVEL, photos: [] };

/** A post as the form starts from it when it is edited. */
export const compositionOf = (post: FeedPost): PostComposition => ({
  content: post.content,
  mood: post.mood ?? "",
  location: post.location ?? "",
  link: post.linkUrl ?? "",
  privacyLevel: post.privacyLevel,
  photos: post.photos,
});

/** What is sent: the fields and the chosen photos' ids, in their order. */
export const postDraftOf = ({ photos, ...fields }: PostComposition): PostDraft => ({ ...fields, photoIds: photos.map((photo) => photo.id) });

interface ComposerProps {
  scope: PostsScope;
  /** The form's content, kept by the owner (a new post's survives the form being shown again). */
  value: PostComposition;
  onChange: (value: PostComposition) => void;
  submitLabel: string;
  busy: boolean;
  /** The last save failed: the content stays for another try. */
  failed?: boolean;
  /** Saves the value; the owner then resets or closes the composer. */
  onSubmit: () => void;
  onCancel?: () => void;
}

/** The post form: formatted text, photos from the album, mood, location, a link and who may see it. */
export function Composer({ scope, value: draft, onChange, submitLabel, busy, failed = false, onSubmit, onCancel }: ComposerProps) {
  // The editor is filled once, from what the form held when it appeared; then it reports each change.
  const [initialHtml] = useState(draft.content);
  const [linkError, setLinkError] = useState<string | undefined>();
  const change = (patch: Partial<PostComposition>) => onChange({ ...draft, ...patch });
  const { photos } = draft;
  // As on the server: a post needs some text or a photo.
  const empty = isBlankPostHtml(draft.content) && photos.length === 0;
  const [savedMood] = useState(draft.mood);
  const moods = savedMood && !POST_MOODS.some((m) => m.value === savedMood) ? [savedMood, ...POST_MOODS.map((m) => m.value)] : POST_MOODS.map((m) => m.value);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (draft.link.trim() && !normalizePostLink(draft.link).ok) {
      setLinkError(REGISTRY_MESSAGES.invalidUrl);
      return;
    }
    if (!empty) onSubmit();
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <RichTextEditor label="Share an update" initialHtml={initialHtml} onChange={(content) => change({ content })} hint="Bold, italic, lists and links are kept." />
      <AttachPhotos scope={scope} photos={photos} onChange={(chosen) => change({ photos: chosen })} />
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
      {failed && <p className="text-sm font-semibold text-danger">{NOT_SENT_TEXT}</p>}
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
