import { createFileRoute } from "@tanstack/react-router";
import { PostsPage } from "../../features/posts/PostsPage";
import { screenLoader } from "../../features/pregnancy-context/screenLoader";
import { postsFeedReads } from "../../features/posts/usePosts";

/** /posts: the posts feed, open to parents and guests (the server filters by audience). */
export const Route = createFileRoute("/_authenticated/posts")({
  loader: screenLoader(postsFeedReads()),
  component: PostsPage,
});
