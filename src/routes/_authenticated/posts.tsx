import { createFileRoute } from "@tanstack/react-router";
import { PostsPage } from "../../features/posts/PostsPage";

/** /posts: the posts feed, open to parents and guests (the server filters by audience). */
export const Route = createFileRoute("/_authenticated/posts")({
  component: PostsPage,
});
