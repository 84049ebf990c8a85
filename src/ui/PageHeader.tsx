import type { ReactNode } from "react";

interface PageHeaderProps {
  title: string;
  /** The line under the heading. */
  description?: ReactNode;
  /** A larger description (a page that greets or explains more than it lists). */
  lead?: boolean;
  /**
   * Buttons and links beside the heading (print, export), wrapping under it on narrow screens. When
   * the prop is present, even as null, the header is that row, so a family of pages lines up the
   * same way whether or not a page has actions.
   */
  actions?: ReactNode;
}

/** A signed-in page's one h1, with its description under it and its actions beside it. */
export function PageHeader({ title, description, lead = false, actions }: PageHeaderProps) {
  const heading = <h1 className="text-3xl font-bold tracking-tight">{title}</h1>;
  if (description === undefined && actions === undefined) return heading;
  const text = (
    <>
      {heading}
      {description !== undefined && <p className={lead ? "mt-1 text-lg text-muted-foreground" : "mt-1 text-muted-foreground"}>{description}</p>}
    </>
  );
  if (actions === undefined) return <div>{text}</div>;
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0 flex-1 basis-64">{text}</div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
