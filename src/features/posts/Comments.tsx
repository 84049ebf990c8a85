import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Avatar } from "../../ui/Avatar";
import { Button } from "../../ui/Button";
import { inputStyles } from "../../ui/TextField";
import { NOT_SENT_TEXT, RETRY_LABEL, useDraft } from "../../lib/useDraft";
import { authorName, formatPostTime } from "./format";
import { useAddComment, usePostComments, type FeedPost, type PostComment, type PostsScope } from "./usePosts";
import { COMMENT_MAX_LENGTH } from "../../domain/textLimits";

type CommentView = PostComment["replies"][number];

/** Shown count of a discussion (comments and their replies). */
const countOf = (threads: readonly PostComment[]) => threads.reduce((sum, thread) => sum + 1 + thread.replies.length, 0);

/**
 * A post's discussion: the feed's preview of the first comments, all of them on request, a reply
 * form under each top-level comment (one reply level) and a comment form at the end; after the
 * service end (`readOnly`) it is for reading, without the forms.
 */
export function Comments({ scope, post, readOnly }: { scope: PostsScope; post: FeedPost; readOnly: boolean }) {
  const [showAll, setShowAll] = useState(false);
  const { comments, threads } = usePostComments(scope, post.id, showAll);
  const shown = showAll && threads ? threads : post.comments;
  const hidden = post.commentCount - countOf(shown);
  const name = authorName(post.author);

  return (
    <div className="flex flex-col gap-3 border-t border-border pt-3">
      {shown.length > 0 && (
        <ul aria-label={`Comments on the post by ${name}`} className="flex flex-col gap-3">
          {shown.map((thread) => (
            <li key={thread.id}>
              <Thread scope={scope} thread={thread} readOnly={readOnly} />
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && !showAll && (
        <Button variant="link" className="self-start text-sm" onClick={() => setShowAll(true)}>
          {`View all ${post.commentCount} comments`}
        </Button>
      )}
      {showAll && (comments.isFetching || comments.hasNextPage) && (
        <Button variant="secondary" size="sm" className="self-start" loading={comments.isFetching} onClick={() => void comments.fetchNextPage()}>
          Load more comments
        </Button>
      )}
      {!readOnly && <CommentForm scope={scope} postId={post.id} label="Write a comment" submitLabel="Post comment" />}
    </div>
  );
}

function Thread({ scope, thread, readOnly }: { scope: PostsScope; thread: PostComment; readOnly: boolean }) {
  const [replying, setReplying] = useState(false);
  const name = authorName(thread.author);
  return (
    <div className="flex flex-col gap-2">
      <Comment comment={thread} kind="Comment">
        {!readOnly && (
          <button
            type="button"
            aria-label={`Reply to ${name}`}
            aria-expanded={replying}
            onClick={() => setReplying((open) => !open)}
            className="self-start rounded-sm text-sm font-semibold text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            Reply
          </button>
        )}
      </Comment>
      {(thread.replies.length > 0 || replying) && (
        <div className="ml-5 flex flex-col gap-2 border-l-2 border-border pl-3 sm:ml-11">
          {thread.replies.length > 0 && (
            <ul aria-label={`Replies to ${name}`} className="flex flex-col gap-2">
              {thread.replies.map((reply) => (
                <li key={reply.id}>
                  <Comment comment={reply} kind="Reply" />
                </li>
              ))}
            </ul>
          )}
          {replying && <CommentForm scope={scope} postId={thread.postId} parentCommentId={thread.id} label={`Your reply to ${name}`} submitLabel="Post reply" onDone={() => setReplying(false)} />}
        </div>
      )}
    </div>
  );
}

function Comment({ comment, kind, children }: { comment: CommentView; kind: "Comment" | "Reply"; children?: ReactNode }) {
  const name = authorName(comment.author);
  return (
    <article aria-label={`${kind} by ${name}`} className="flex gap-2">
      <Avatar firstName={comment.author.firstName} lastName={comment.author.lastName} avatarUrl={comment.author.avatarUrl} size="sm" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="rounded-2xl bg-muted px-3 py-2">
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-semibold">{name}</span>
            <time dateTime={comment.createdAt.toISOString()} className="text-muted-foreground">
              {formatPostTime(comment.createdAt)}
            </time>
          </p>
          <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{comment.content}</p>
        </div>
        {children}
      </div>
    </article>
  );
}

interface CommentFormProps {
  scope: PostsScope;
  postId: string;
  parentCommentId?: string;
  label: string;
  submitLabel: string;
  onDone?: () => void;
}

/**
 * One line to write a comment or a reply; the text is cleaned and kept to 1000 characters by the
 * server. It stays (a draft, sent again under the same id) until the server has the comment.
 */
function CommentForm({ scope, postId, parentCommentId, label, submitLabel, onDone }: CommentFormProps) {
  const inputId = useId();
  const { value: text, setValue: setText, status, send } = useDraft(`post-comment:${postId}:${parentCommentId ?? ""}`, "");
  const add = useAddComment();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    void send((content, id) => add.mutateAsync({ ...scope, postId, id, content, ...(parentCommentId ? { parentCommentId } : {}) })).then((accepted) => accepted && onDone?.());
  }

  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={inputId} className="sr-only">
          {label}
        </label>
        <input
          id={inputId}
          value={text}
          maxLength={COMMENT_MAX_LENGTH}
          placeholder={`${label}...`}
          autoFocus={Boolean(parentCommentId)}
          aria-describedby={status === "failed" ? `${inputId}-not-sent` : undefined}
          onChange={(event) => setText(event.target.value)}
          className={inputStyles}
        />
        {status === "failed" && (
          <p id={`${inputId}-not-sent`} className="text-sm font-semibold text-danger">
            {NOT_SENT_TEXT}
          </p>
        )}
      </div>
      <Button type="submit" size="sm" className="min-h-11" loading={status === "sending"} disabled={!text.trim()}>
        {status === "failed" ? RETRY_LABEL : submitLabel}
      </Button>
    </form>
  );
}
