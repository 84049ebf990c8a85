import { NOT_SENT_TEXT, RETRY_LABEL, useDraft } from "../../../lib/useDraft";
import { useEffect, useState, type FormEvent, type KeyboardEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ItemPrivacyLevel } from "../../../domain/enums";
import { SUCCESS_TOASTS } from "../../../domain/errors";
import { useTRPC, type RouterInputs } from "../../../lib/trpc";
import { Avatar } from "../../../ui/Avatar";
import { Button } from "../../../ui/Button";
import { buttonStyles } from "../../../ui/buttonStyles";
import { ConfirmDialog, Dialog } from "../../../ui/Dialog";
import { TextAreaField } from "../../../ui/fields";
import { TextField } from "../../../ui/TextField";
import { toast } from "../../../ui/toast";
import { ITEM_PRIVACY_LEVEL_LABELS } from "../../../lib/labels";
import { ItemPrivacyField } from "../../../ui/ItemPrivacyField";
import { AlbumFullSize } from "../../../ui/AlbumMedia";
import type { AlbumPhoto } from "./albumPhoto";
import { PHOTO_LAST_WEEK, PHOTO_TOASTS } from "../../../domain/photos";
import { COMMENT_MAX_LENGTH } from "../../../domain/textLimits";
import { usePregnancyReadOnly } from "../../pregnancy-context/readOnly";

type Scope = Pick<RouterInputs["photos"]["list"], "pregnancyId" | "mode">;
const failed = (title: string) => toast({ title, variant: "error" });
const personName = (p: { firstName: string; lastName: string }) => [p.firstName, p.lastName].filter(Boolean).join(" ");

interface LightboxProps {
  scope: Scope;
  photo: AlbumPhoto;
  position: { index: number; total: number };
  onMove: (step: number) => void;
  onClose: () => void;
  onChanged: () => void;
}

/**
 * One photo large, with Previous/Next (and the arrow keys), its details, likes, comments, the
 * people tagged on it, download of the original, and edit/delete for its uploader and the parents.
 */
export function Lightbox({ scope, photo, position, onMove, onClose, onChanged }: LightboxProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [panel, setPanel] = useState<"edit" | "tags" | "delete" | null>(null);
  // After the service end a photo is for looking at and downloading: nothing that would be refused.
  const readOnly = usePregnancyReadOnly();
  const [liked, setLiked] = useState({ liked: photo.likedByMe, count: photo.likesCount });
  useEffect(() => setLiked({ liked: photo.likedByMe, count: photo.likesCount }), [photo.id, photo.likedByMe, photo.likesCount]);

  const like = useMutation(trpc.photos.likes.toggle.mutationOptions({ meta: { isolationToast: false } }));
  const remove = useMutation(trpc.photos.delete.mutationOptions());

  async function toggleLike() {
    const before = liked;
    const next = !before.liked;
    setLiked({ liked: next, count: Math.max(0, before.count + (next ? 1 : -1)) });
    try {
      const answer = await like.mutateAsync({ ...scope, photoId: photo.id, liked: next });
      setLiked({ liked: answer.liked, count: answer.likesCount });
      onChanged();
    } catch {
      setLiked(before);
      failed(PHOTO_TOASTS.actionFailed);
    }
  }

  function handleKeyDown(event: KeyboardEvent) {
    if (panel !== null || (event.target as HTMLElement).closest("input, textarea, select")) return;
    if (event.key === "ArrowRight") onMove(1);
    else if (event.key === "ArrowLeft") onMove(-1);
  }

  const title = photo.title ?? `Week ${photo.week}`;
  return (
    <Dialog open onClose={onClose} title={title} size="lg">
      {/* The arrow keys move between photos anywhere in the lightbox except inside its form fields. */}
      <div onKeyDown={handleKeyDown} className="flex flex-col gap-4">
        <div className="flex items-center gap-2">
          <Button variant="secondary" size="sm" aria-label="Previous photo" disabled={position.index === 0} onClick={() => onMove(-1)}>
            ‹
          </Button>
          <div className="min-w-0 flex-1">
            <AlbumFullSize item={photo} alt={photo.altText ?? title} className="max-h-[60dvh] rounded-xl bg-muted" />
          </div>
          <Button variant="secondary" size="sm" aria-label="Next photo" disabled={position.index >= position.total - 1} onClick={() => onMove(1)}>
            ›
          </Button>
        </div>
        <p className="text-center text-sm text-muted-foreground">
          Photo {position.index + 1} of {position.total}
        </p>
        {photo.description && <p>{photo.description}</p>}
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Avatar firstName={photo.uploader.firstName} lastName={photo.uploader.lastName} avatarUrl={photo.uploader.avatarUrl} size="sm" />
          <span>
            {personName(photo.uploader)} · Week {photo.week} · {ITEM_PRIVACY_LEVEL_LABELS[photo.privacyLevel]}
          </span>
        </p>
        {photo.tags.length > 0 && <p className="text-sm">{photo.tags.map((tag) => `#${tag}`).join(" ")}</p>}
        {photo.guestTags.length > 0 && <p className="text-sm">With {photo.guestTags.map(personName).join(", ")}</p>}

        <div className="flex flex-wrap gap-2">
          {readOnly ? (
            <p className="self-center text-sm">♥ {liked.count}</p>
          ) : (
            <Button variant={liked.liked ? "primary" : "secondary"} size="sm" aria-pressed={liked.liked} onClick={() => void toggleLike()}>
              ♥ Like ({liked.count})
            </Button>
          )}
          <a href={photo.downloadUrl} download className={buttonStyles({ variant: "secondary", size: "sm" })}>
            Download
          </a>
          {photo.canEdit && !readOnly && (
            <>
              <Button variant="secondary" size="sm" onClick={() => setPanel("edit")}>
                Edit
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setPanel("tags")}>
                Tag people
              </Button>
            </>
          )}
          {photo.canDelete && !readOnly && (
            <Button variant="danger" size="sm" onClick={() => setPanel("delete")}>
              Delete
            </Button>
          )}
        </div>

        <Comments scope={scope} photoId={photo.id} onChanged={onChanged} readOnly={readOnly} />
      </div>

      {panel === "edit" && <EditPhoto scope={scope} photo={photo} onClose={() => setPanel(null)} onChanged={onChanged} />}
      {panel === "tags" && <TagPeople scope={scope} photo={photo} onClose={() => setPanel(null)} onChanged={onChanged} />}
      <ConfirmDialog
        open={panel === "delete"}
        onClose={() => setPanel(null)}
        title="Delete this photo?"
        description="It is removed for everyone, with its likes and comments. This cannot be undone."
        confirmLabel="Delete photo"
        onConfirm={async () => {
          try {
            await remove.mutateAsync({ ...scope, photoId: photo.id });
          } catch (error) {
            failed(PHOTO_TOASTS.deleteFailed);
            throw error;
          }
          toast({ title: SUCCESS_TOASTS.photoDeleted, variant: "success" });
          void queryClient.invalidateQueries(trpc.photos.pathFilter());
          onClose();
        }}
      />
    </Dialog>
  );
}

function Comments({ scope, photoId, onChanged, readOnly }: { scope: Scope; photoId: string; onChanged: () => void; readOnly: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const input = { ...scope, photoId };
  const comments = useQuery(trpc.photos.comments.list.queryOptions(input));
  // Kept until the server has the comment, whatever happens to the lightbox meanwhile.
  const { value: text, setValue: setText, status, send } = useDraft(`photo-comment:${photoId}`, "");
  const add = useMutation(
    trpc.photos.comments.add.mutationOptions({
      onSuccess: () => {
        toast({ title: SUCCESS_TOASTS.commentAdded, variant: "success" });
        void queryClient.invalidateQueries(trpc.photos.comments.list.queryFilter(input));
        onChanged();
      },
      onError: () => failed(PHOTO_TOASTS.commentFailed),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim()) void send((content, id) => add.mutateAsync({ ...input, id, content: content.trim() }));
  }

  return (
    <section aria-labelledby="photo-comments" className="flex flex-col gap-2">
      <h3 id="photo-comments" className="font-bold">
        Comments
      </h3>
      {comments.isPending ? null : (comments.data ?? []).length === 0 ? (
        <p className="text-sm text-muted-foreground">No comments yet.</p>
      ) : (
        <ul aria-label="Comments" className="flex flex-col gap-2">
          {(comments.data ?? []).map((comment) => (
            <li key={comment.id} className="flex gap-2">
              <Avatar firstName={comment.author.firstName} lastName={comment.author.lastName} avatarUrl={comment.author.avatarUrl} size="sm" />
              <p className="min-w-0 [overflow-wrap:anywhere]">
                <span className="font-semibold">{personName(comment.author)}</span> {comment.content}
              </p>
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <form onSubmit={submit} className="flex items-end gap-2">
          <TextField
            label="Add a comment"
            value={text}
            maxLength={COMMENT_MAX_LENGTH}
            error={status === "failed" ? NOT_SENT_TEXT : undefined}
            onChange={(event) => setText(event.target.value)}
            className="min-w-0 flex-1"
          />
          <Button type="submit" loading={status === "sending"} disabled={!text.trim()}>
            {status === "failed" ? RETRY_LABEL : "Post"}
          </Button>
        </form>
      )}
    </section>
  );
}

function EditPhoto({ scope, photo, onClose, onChanged }: { scope: Scope; photo: AlbumPhoto; onClose: () => void; onChanged: () => void }) {
  const trpc = useTRPC();
  const [title, setTitle] = useState(photo.title ?? "");
  const [description, setDescription] = useState(photo.description ?? "");
  const [altText, setAltText] = useState(photo.altText ?? "");
  const [week, setWeek] = useState(String(photo.week));
  const [tags, setTags] = useState(photo.tags.join(", "));
  const [privacyLevel, setPrivacyLevel] = useState<ItemPrivacyLevel>(photo.privacyLevel);
  const update = useMutation(
    trpc.photos.update.mutationOptions({
      onSuccess: () => {
        toast({ title: SUCCESS_TOASTS.photoUpdated, variant: "success" });
        onChanged();
        onClose();
      },
      onError: () => failed(PHOTO_TOASTS.updateFailed),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate({
      ...scope,
      photoId: photo.id,
      title,
      description,
      altText,
      week: Number.parseInt(week, 10) || photo.week,
      tags: tags.split(",").map((t) => t.trim()).filter(Boolean),
      privacyLevel,
    });
  }

  return (
    <Dialog open onClose={onClose} title="Edit photo">
      <form onSubmit={submit} className="flex flex-col gap-3">
        <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} />
        <TextAreaField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} />
        <TextField label="Alt text" value={altText} onChange={(e) => setAltText(e.target.value)} />
        <TextField label="Week" type="number" min={0} max={PHOTO_LAST_WEEK} value={week} onChange={(e) => setWeek(e.target.value)} />
        <TextField label="Tags" hint="Separate tags with commas" value={tags} onChange={(e) => setTags(e.target.value)} />
        <ItemPrivacyField label="Who can see it" value={privacyLevel} onChange={setPrivacyLevel} />
        <Button type="submit" loading={update.isPending}>
          Save changes
        </Button>
      </form>
    </Dialog>
  );
}

function TagPeople({ scope, photo, onClose, onChanged }: { scope: Scope; photo: AlbumPhoto; onClose: () => void; onChanged: () => void }) {
  const trpc = useTRPC();
  const people = useQuery(trpc.photos.people.queryOptions(scope));
  const [chosen, setChosen] = useState(() => new Set(photo.guestTags.map((t) => t.participantId)));
  const save = useMutation(
    trpc.photos.guestTags.set.mutationOptions({
      onSuccess: () => {
        toast({ title: PHOTO_TOASTS.guestTagsUpdated, variant: "success" });
        onChanged();
        onClose();
      },
      onError: () => failed(PHOTO_TOASTS.guestTagsFailed),
    }),
  );
  return (
    <Dialog open onClose={onClose} title="Tag people">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ ...scope, photoId: photo.id, participantIds: [...chosen] });
        }}
        className="flex flex-col gap-3"
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold">Who is in this photo?</legend>
          {(people.data ?? []).map((person) => (
            <label key={person.participantId} className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                checked={chosen.has(person.participantId)}
                onChange={(event) =>
                  setChosen((current) => {
                    const next = new Set(current);
                    if (event.target.checked) next.add(person.participantId);
                    else next.delete(person.participantId);
                    return next;
                  })
                }
                className="size-5 accent-primary"
              />
              {personName(person)}
            </label>
          ))}
        </fieldset>
        <Button type="submit" loading={save.isPending}>
          Save tags
        </Button>
      </form>
    </Dialog>
  );
}
