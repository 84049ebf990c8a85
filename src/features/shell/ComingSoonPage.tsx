import { useId } from "react";
import { Link } from "@tanstack/react-router";
import { useDocumentTitle } from "../../lib/document-title";
import { buttonStyles } from "../../ui/buttonStyles";
import { usePregnancyContext } from "../modes/usePregnancyContext";

/**
 * An area of the app that a later release fills in. The route exists now so guards, the sidebar
 * and links work; the page says plainly that the area is not open yet.
 */
export function ComingSoonPage({ title, summary }: { title: string; summary: string }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <ComingSoonNotice title={title} summary={summary} />
    </div>
  );
}

/** The 'coming soon' card alone, for a page where only part of an area is open. */
export function ComingSoonNotice({ title, summary }: { title: string; summary: string }) {
  const { pregnancySearch } = usePregnancyContext();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card flex flex-col items-start gap-3 p-6">
      <h2 id={headingId} className="text-xl font-bold">
        Coming in an upcoming release
      </h2>
      <p className="text-muted-foreground">{summary}</p>
      <p className="text-muted-foreground">{title} opens in an upcoming release. Nothing here is saved yet.</p>
      <Link to="/dashboard" search={pregnancySearch} className={buttonStyles({ variant: "secondary" })}>
        Back to Dashboard
      </Link>
    </section>
  );
}
