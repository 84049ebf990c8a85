/**
 * The posts feed's data: pages of posts (newest first, 'Load more' for older), live reloads when
 * anyone changes a post, like or comment of the pregnancy, and the writes with the spec's toasts
 * (core spec 8). Likes show at once and are rolled back if the server refuses.
 */
import { useEffect } from "react";
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import type { UserMode } from "../../domain/enums";
import { PICTURE_LINK_REFRESH_MS } from "../../domain/pictureLinks";
import { SUCCESS_TOASTS } from "../../domain/errors";
import { usePregnancyFeed } from "../../lib/pregnancyFeed";
import { isUnauthorized } from "../../lib/query-client";
import type { ScreenReads } from "../../lib/screenReads";
import { familyListOptions } from "../../lib/familyAudience";
import { useTRPC, type AppTRPC, type RouterOutputs } from "../../lib/trpc";
import { toast } from "../../ui/toast";
import { POST_TOASTS } from "../../domain/posts";

export interface PostsScope {
  pregnancyId: string;
  mode: UserMode;
}
export type PostsPage = RouterOutputs["posts"]["list"];
export type FeedPost = PostsPage["posts"][number];
export type PostComment = FeedPost["comments"][number];
export type PostPhoto = FeedPost["photos"][number];

const failed = (title: string) => toast({ title, variant: "error" });
const succeeded = (title: string) => toast({ title, variant: "success" });
/** These calls say what failed themselves; the app-wide refusal toast would only be replaced. */
const quiet = { isolationToast: false } as const;

/** Everything tRPC caches for posts (the feed pages and the comment lists), reloaded after a change. */
function useReloadPosts() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.posts.pathFilter());
}

function postsFeedOptions(trpc: AppTRPC, scope: PostsScope, limit: number | undefined) {
  // Read again while open: the pictures' signed links must not run out.
  return trpc.posts.list.infiniteQueryOptions({ ...scope, ...(limit ? { limit } : {}) }, { getNextPageParam: (page) => page.nextCursor ?? undefined, refetchInterval: PICTURE_LINK_REFRESH_MS });
}

/**
 * The feed's first page, for the loader of a screen that shows it (/posts, and the dashboard with
 * its `limit`); /posts also has the composer, whose audience line counts the family.
 */
export function postsFeedReads(limit?: number): ScreenReads {
  return ({ queryClient, trpc }, { pregnancy, permissions }) => {
    if (!pregnancy) return;
    void queryClient.prefetchInfiniteQuery(postsFeedOptions(trpc, pregnancy, limit));
    if (!limit && permissions?.canViewContacts) void queryClient.prefetchQuery(familyListOptions(trpc, pregnancy));
  };
}

/** The feed, `limit` posts a page (the server's page size without one), reloaded live. */
export function usePostsFeed(scope: PostsScope, limit?: number) {
  const trpc = useTRPC();
  const reload = useReloadPosts();
  const feed = useInfiniteQuery(postsFeedOptions(trpc, scope, limit));
  usePregnancyFeed(scope.pregnancyId, "posts", () => void reload());
  // A photo's copies arrive after its upload: a post showing it swaps its placeholder for it.
  usePregnancyFeed(scope.pregnancyId, "photos", () => void reload());

  const failedAt = feed.isError ? feed.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) failed(POST_TOASTS.loadFailed);
  }, [failedAt]);

  const posts = feed.data?.pages.flatMap((page) => page.posts) ?? [];
  return { feed, posts };
}

/** All of a post's comments, page by page, once the viewer asks for more than the preview. */
export function usePostComments(scope: PostsScope, postId: string, enabled: boolean) {
  const trpc = useTRPC();
  const comments = useInfiniteQuery(trpc.posts.comments.list.infiniteQueryOptions({ ...scope, postId }, { enabled, getNextPageParam: (page) => page.nextCursor ?? undefined }));
  return { comments, threads: comments.data?.pages.flatMap((page) => page.comments) ?? null };
}

/** New post, edit and delete, each reloading the feed and saying how it went. */
export function usePostWrites() {
  const trpc = useTRPC();
  const reload = useReloadPosts();
  const create = useMutation(
    trpc.posts.create.mutationOptions({
      meta: quiet,
      onSuccess: () => {
        succeeded(SUCCESS_TOASTS.postCreated);
        return reload();
      },
      onError: (error) => failed(isUnauthorized(error) ? POST_TOASTS.mustBeLoggedIn : POST_TOASTS.createFailed),
    }),
  );
  const update = useMutation(
    trpc.posts.update.mutationOptions({
      meta: quiet,
      onSuccess: () => {
        succeeded(SUCCESS_TOASTS.postUpdated);
        return reload();
      },
      onError: () => failed(POST_TOASTS.updateFailed),
    }),
  );
  const remove = useMutation(
    trpc.posts.delete.mutationOptions({
      meta: quiet,
      onSuccess: () => {
        succeeded(SUCCESS_TOASTS.postDeleted);
        return reload();
      },
      onError: () => failed(POST_TOASTS.deleteFailed),
    }),
  );
  return { create, update, remove };
}

type FeedData = InfiniteData<PostsPage>;

const patchPost = (data: FeedData | undefined, postId: string, patch: (post: FeedPost) => FeedPost): FeedData | undefined =>
  data && { ...data, pages: data.pages.map((page) => ({ ...page, posts: page.posts.map((post) => (post.id === postId ? patch(post) : post)) })) };

/** Likes: shown at once in every cached page, rolled back with 'Failed to update like' when refused. */
export function useLikePost() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feeds = trpc.posts.list.pathFilter();
  return useMutation(
    trpc.posts.likes.toggle.mutationOptions({
      meta: quiet,
      onMutate: async ({ postId, liked }) => {
        await queryClient.cancelQueries(feeds);
        const before = queryClient.getQueriesData<FeedData>(feeds);
        queryClient.setQueriesData<FeedData>(feeds, (data) =>
          patchPost(data, postId, (post) => (post.likedByMe === liked ? post : { ...post, likedByMe: liked, likeCount: Math.max(0, post.likeCount + (liked ? 1 : -1)) })),
        );
        return { before };
      },
      onError: (_error, _input, context) => {
        for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
        failed(POST_TOASTS.likeFailed);
      },
      onSuccess: (answer) => queryClient.setQueriesData<FeedData>(feeds, (data) => patchPost(data, answer.postId, (post) => ({ ...post, likedByMe: answer.liked, likeCount: answer.likeCount }))),
    }),
  );
}

/** Comments and replies ('Comment added' / 'Reply added', or their failure toasts). */
export function useAddComment() {
  const trpc = useTRPC();
  const reload = useReloadPosts();
  return useMutation(
    trpc.posts.comments.add.mutationOptions({
      meta: quiet,
      onSuccess: (comment) => {
        succeeded(comment.parentCommentId ? SUCCESS_TOASTS.replyAdded : SUCCESS_TOASTS.commentAdded);
        return reload();
      },
      onError: (_error, input) => failed(input.parentCommentId ? POST_TOASTS.replyFailed : POST_TOASTS.commentFailed),
    }),
  );
}
