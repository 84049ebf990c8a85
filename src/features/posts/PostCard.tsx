import { useState } from "react";
import { clsx } from "clsx";
import { LINK_REL, LINK_TARGET } from "../../domain/postFormat";
import { Avatar } from "../../ui/Avatar";
import { Button } from "../../ui/Button";
import { ConfirmDialog, Dialog } from "../../ui/Dialog";
import { HeartIcon, LinkIcon, MapPinIcon } from "../../ui/icons";
import { ITEM_PRIVACY_LEVEL_LABELS } from "../../lib/labels";
import { Comments } from "./Comments";
import { LOSS_TEXTS } from "../../domain/pregnancyLoss";
import { usePregnancyReadOnly } from "../pregnancy-context/readOnly";
import { Composer, compositionOf, postDraftOf, type PostComposition } from "./Composer";
import { authorName, formatPostTime, linkHost } from "./format";
import { moodLabel } from "./moods";
import { PostContent } from "./PostContent";
import { PostPhotos } from "./PostPhotos";
import { useLikePost, usePostWrites, type FeedPost, type PostsScope } from "./usePosts";
import { MS_PER_SECOND } from "../../domain/units";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One post: author, time and audience, the formatted text with its details, likes and the discussion. */
export function PostCard({ scope, post, isAuthor }: { scope: PostsScope; post: FeedPost; isAuthor: boolean }) {
  const name = authorName(post.author);
  const like = useLikePost();
  // After the service end a post is for reading: no like, edit, delete or comment that would be refused.
  const readOnly = usePregnancyReadOnly();
  // Saving an edit sets updated_at a moment after created_at: only a later change counts as an edit.
  const edited = post.updatedAt.getTime() - post.createdAt.getTime() > MS_PER_SECOND;

  return (
    <article aria-label={`Post by ${name}`} className="card flex min-w-0 flex-col gap-3 bg-surface p-4 sm:p-5">
      <header className="flex items-start gap-3">
        <Avatar firstName={post.author.firstName} lastName={post.author.lastName} avatarUrl={post.author.avatarUrl} />
        <div className="flex min-w-0 flex-1 flex-col">
          <p className="font-semibold wrap-anywhere">{name}</p>
          <p className="text-sm text-muted-foreground">
            <time dateTime={post.createdAt.toISOString()}>{formatPostTime(post.createdAt)}</time>
            {edited && " · Edited"} · {ITEM_PRIVACY_LEVEL_LABELS[post.privacyLevel]}
          </p>
        </div>
        {isAuthor && !readOnly && <AuthorActions scope={scope} post={post} />}
      </header>

      <PostContent html={post.content} />

      {(post.mood || post.location || post.linkUrl) && (
        <ul className="flex flex-col gap-1 text-sm text-muted-foreground">
          {post.mood && <li>Feeling {moodLabel(post.mood)}</li>}
          {post.location && (
            <li className="flex items-center gap-1.5 break-words">
              <MapPinIcon className="size-4" />
              {post.location}
            </li>
          )}
          {post.linkUrl && (
            <li className="flex min-w-0 items-center gap-1.5">
              <LinkIcon className="size-4" />
              <a href={post.linkUrl} rel={LINK_REL} target={LINK_TARGET} className="truncate text-link underline">
                {linkHost(post.linkUrl)}
              </a>
            </li>
          )}
        </ul>
      )}

      {post.photos.length > 0 && <PostPhotos photos={post.photos} />}

      {/* The author asked for no replies or reactions (a loss message, issue 38): one line in their place. */}
      {post.repliesAllowed ? (
        <>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
            {!readOnly && (
              <button
                type="button"
                aria-pressed={post.likedByMe}
                onClick={() => like.mutate({ ...scope, postId: post.id, liked: !post.likedByMe })}
                className={clsx(
                  "inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 font-semibold focus-visible:outline-2 focus-visible:outline-ring",
                  post.likedByMe ? "bg-primary-soft text-primary" : "text-foreground hover:bg-muted",
                )}
              >
                <HeartIcon aria-hidden="true" className={clsx("size-4", post.likedByMe && "fill-current")} />
                Like
              </button>
            )}
            <span>{plural(post.likeCount, "like", "likes")}</span>
            <span>{plural(post.commentCount, "comment", "comments")}</span>
          </div>

          <Comments scope={scope} post={post} readOnly={readOnly} />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{LOSS_TEXTS.noRepliesLine}</p>
      )}
    </article>
  );
}

/** Edit (in a dialog with the composer) and delete (after a confirmation) for the post's author. */
function AuthorActions({ scope, post }: { scope: PostsScope; post: FeedPost }) {
  const { update, remove } = usePostWrites();
  const [editing, setEditing] = useState<PostComposition | null>(null);
  const [deleting, setDeleting] = useState(false);
  const stopEditing = () => setEditing(null);
  return (
    <div className="flex shrink-0 gap-1">
      <Button variant="ghost" size="sm" onClick={() => setEditing(compositionOf(post))}>
        Edit
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setDeleting(true)}>
        Delete
      </Button>
      <Dialog open={editing !== null} onClose={stopEditing} title="Edit post" size="lg">
        {editing && (
          <Composer
            scope={scope}
            value={editing}
            onChange={setEditing}
            submitLabel="Save changes"
            busy={update.isPending}
            onCancel={stopEditing}
            onSubmit={() => update.mutate({ ...scope, postId: post.id, ...postDraftOf(editing) }, { onSuccess: stopEditing })}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title="Delete this post?"
        description="Its likes and comments are deleted with it. This cannot be undone."
        confirmLabel="Delete post"
        onConfirm={() => remove.mutateAsync({ ...scope, postId: post.id })}
      />
    </div>
  );
}
