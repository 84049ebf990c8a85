import { useDocumentTitle } from "../../lib/document-title";
import { Alert } from "../../ui/Alert";
import { Spinner } from "../../ui/Spinner";
import { EmptyState } from "../../ui/EmptyState";
import { usePregnancyContext } from "../pregnancy-context/usePregnancyContext";
import { NewPost, PostsFeed } from "./PostsFeed";
import { PageHeader } from "../../ui/PageHeader";
import { ReadOnlyLine, usePregnancyReadOnly } from "../pregnancy-context/readOnly";

/**
 * /posts: the pregnancy's feed on its own page. Parents (in parent mode) share updates; everyone
 * who follows the pregnancy reads, likes and comments on what the server lets them see.
 */
export function PostsPage() {
  useDocumentTitle("Posts");
  const { pregnancyId, mode, access, isLoading } = usePregnancyContext();
  const readOnly = usePregnancyReadOnly();
  const canPost = mode === "parent" && (access?.isParent ?? false) && !readOnly;

  let body;
  if (isLoading) body = <Spinner label="Loading posts" className="p-2" />;
  else if (!pregnancyId) body = <Alert variant="info">You are not part of an active pregnancy yet. When a parent invites you, their updates will appear here.</Alert>;
  else {
    const scope = { pregnancyId, mode };
    body = (
      <>
        <ReadOnlyLine />
        {canPost && (
          <section aria-labelledby="new-post" className="card flex flex-col gap-3 bg-surface p-4 sm:p-5">
            <h2 id="new-post" className="text-lg font-bold">
              New post
            </h2>
            <NewPost key={pregnancyId} scope={scope} />
          </section>
        )}
        <PostsFeed
          key={pregnancyId}
          scope={scope}
          empty={<EmptyState>{canPost ? "No posts yet. Share your first update with your family above." : "No posts yet. Updates the parents share will appear here."}</EmptyState>}
        />
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6 sm:px-6 sm:py-8">
      <PageHeader title="Posts" description="News and moments from the pregnancy, with likes and comments." />
      {body}
    </div>
  );
}
