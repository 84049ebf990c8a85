import type { ReactNode } from "react";
import { useRouteContext } from "@tanstack/react-router";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { Composer, EMPTY_POST, postDraftOf } from "./Composer";
import { RETRY_LABEL, useDraft } from "../../lib/useDraft";
import { PostCard } from "./PostCard";
import { usePostWrites, usePostsFeed, type PostsScope } from "./usePosts";
import { LoadError } from "../../ui/LoadError";
import { POST_TOASTS } from "../../domain/posts";

interface PostsFeedProps {
  scope: PostsScope;
  /** Posts a page; the server's page size without it. */
  limit?: number;
  /** 'Load more' for older posts (the dashboard shows the latest only). */
  paged?: boolean;
  /** What an empty feed says to this viewer. */
  empty: ReactNode;
}

/** Posts newest first as the server lets this viewer see them, with loading, error and empty states. */
export function PostsFeed({ scope, limit, paged = true, empty }: PostsFeedProps) {
  const { session } = useRouteContext({ from: "/_authenticated" });
  const { feed, posts } = usePostsFeed(scope, limit);

  if (feed.isPending) return <Spinner label="Loading posts" className="p-2" />;
  if (feed.isError && posts.length === 0) {
    return <LoadError title={POST_TOASTS.loadFailed} onRetry={() => void feed.refetch()} busy={feed.isFetching} />;
  }
  if (posts.length === 0) return <>{empty}</>;

  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Posts" className="flex flex-col gap-4">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard scope={scope} post={post} isAuthor={post.author.id === session.user.id} />
          </li>
        ))}
      </ul>
      {paged && feed.hasNextPage && (
        <Button variant="secondary" className="self-center" loading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
          Load more
        </Button>
      )}
    </div>
  );
}

/**
 * The composer for a new post: a draft kept until the post is stored (sent again under the same
 * id after a failure), then empty again (a new draft id, a fresh form).
 */
export function NewPost({ scope }: { scope: PostsScope }) {
  const { create } = usePostWrites();
  const draft = useDraft(`new-post:${scope.pregnancyId}`, EMPTY_POST);
  return (
    <Composer
      key={draft.id}
      scope={scope}
      value={draft.value}
      onChange={draft.setValue}
      submitLabel={draft.status === "failed" ? RETRY_LABEL : "Post"}
      busy={draft.status === "sending"}
      failed={draft.status === "failed"}
      onSubmit={() => void draft.send((value, id) => create.mutateAsync({ ...scope, id, ...postDraftOf(value) }))}
    />
  );
}
