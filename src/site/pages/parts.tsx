/**
 * The building blocks the public site's pages share: the page intro with its one <h1>, labelled
 * sections, call-to-action links, feature cards, FAQ lists and the policy document layout. Plain
 * markup only (no hooks, no router), so it renders to static HTML.
 */
import type { ReactNode } from "react";
import { clsx } from "clsx";
import { buttonStyles, type ButtonSize, type ButtonVariant } from "../../ui/buttonStyles";
import type { IconProps } from "../../ui/icons";

/** 'a, b and c' */
export const listText = (items: readonly string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

/** The outer column of a page: centred, padded for a 390 px phone, generous spacing between sections. */
export const PAGE_CLASS = "mx-auto flex w-full max-w-5xl flex-col gap-14 px-4 py-10 sm:px-6 sm:py-16";

/** A link styled as a button, tracked as a conversion event by its visible label (data-cta). */
export function CtaLink({ href, label, variant = "primary", size = "lg" }: { href: string; label: string; variant?: ButtonVariant; size?: ButtonSize }) {
  return (
    <a href={href} data-cta={label} className={buttonStyles({ variant, size })}>
      {label}
    </a>
  );
}

/** A row of calls to action: stacked full width on a phone, side by side from sm up. */
export function CtaRow({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={clsx("flex flex-col gap-3 sm:flex-row sm:flex-wrap [&>a]:w-full sm:[&>a]:w-auto", className)}>{children}</div>;
}

/** The page's heading (its only <h1>) with an introduction. */
export function PageIntro({ title, eyebrow, children, centered = true }: { title: string; eyebrow?: string; children?: ReactNode; centered?: boolean }) {
  return (
    <div className={clsx("flex flex-col gap-4", centered && "items-center text-center")}>
      <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
      {/* After the <h1> in the markup, so the page starts with its heading; shown above it. */}
      {eyebrow && <p className="order-first text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>}
      {children && <div className={clsx("flex max-w-2xl flex-col gap-3 text-lg text-muted-foreground", centered && "mx-auto")}>{children}</div>}
    </div>
  );
}

/** A landmark section named by its <h2> (the id must be unique on the page). */
export function Section({ id, title, intro, children, className }: { id: string; title: string; intro?: ReactNode; children?: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={clsx("flex flex-col gap-5", className)}>
      <div className="flex flex-col gap-2">
        <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        {intro && <p className="max-w-3xl text-lg text-muted-foreground">{intro}</p>}
      </div>
      {children}
    </section>
  );
}

export interface FeatureCard {
  title: string;
  text: string;
  Icon: (props: IconProps) => ReactNode;
}

/** Cards in a grid: one column on a phone, two from sm, three from lg. Each card has an <h3>. */
export function FeatureCardList({ cards, columns = 3 }: { cards: readonly FeatureCard[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={clsx("grid gap-4 sm:grid-cols-2", columns === 3 && "lg:grid-cols-3", columns === 4 && "lg:grid-cols-4")}>
      {cards.map(({ title, text, Icon }) => (
        <li key={title} className="flex flex-col gap-2 rounded-card border border-border bg-surface p-5 shadow-sm">
          <span className="flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <h3 className="text-lg font-semibold">{title}</h3>
          <p className="text-muted-foreground">{text}</p>
        </li>
      ))}
    </ul>
  );
}

/** A bulleted list of short points with check marks (the marks are decorative). */
export function CheckList({ items, className }: { items: readonly ReactNode[]; className?: string }) {
  return (
    <ul className={clsx("flex flex-col gap-2", className)}>
      {items.map((item, index) => (
        <li key={index} className="flex gap-3">
          <CheckMark />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

function CheckMark() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" className="mt-1 size-4 shrink-0 text-primary">
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </svg>
  );
}

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

/** Questions as disclosure widgets: readable and usable without JavaScript. */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="flex flex-col gap-3">
      {items.map(({ question, answer }) => (
        <details key={question} className="rounded-xl border border-border bg-surface px-4 py-3">
          <summary className="cursor-pointer font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">{question}</summary>
          <div className="mt-2 flex flex-col gap-2 text-muted-foreground">{typeof answer === "string" ? <p>{answer}</p> : answer}</div>
        </details>
      ))}
    </div>
  );
}

/** A closing band with a heading, a sentence and the calls to action. */
export function ClosingCta({ id, title, text, children }: { id: string; title: string; text: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col items-center gap-4 rounded-card bg-primary-soft px-5 py-10 text-center sm:px-10">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {title}
      </h2>
      <p className="max-w-2xl text-lg">{text}</p>
      <CtaRow className="w-full justify-center sm:w-auto">{children}</CtaRow>
    </section>
  );
}

export interface PolicySection {
  /** The section's anchor ('data-retention'); its heading gets the id. */
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * A policy page: title, last-updated date, an introduction, a table of contents (an ordered list of
 * in-page links) and the numbered sections. Body text is kept to a readable line length.
 */
export function PolicyDocument({
  title,
  lastUpdated,
  intro,
  contentsLabel,
  sections,
}: {
  title: string;
  lastUpdated: { iso: string; text: string };
  intro: ReactNode;
  contentsLabel: string;
  sections: readonly PolicySection[];
}) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-10 px-4 py-10 sm:px-6 sm:py-16">
      <div className="flex flex-col gap-3">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        <p className="text-muted-foreground">
          Last updated: <time dateTime={lastUpdated.iso}>{lastUpdated.text}</time>
        </p>
        <div className="flex flex-col gap-3 text-lg">{intro}</div>
      </div>

      <nav aria-labelledby="contents-heading" className="rounded-card border border-border bg-surface p-5 shadow-sm">
        <h2 id="contents-heading" className="text-lg font-semibold">
          {contentsLabel}
        </h2>
        <ol className="mt-3 flex list-decimal flex-col gap-1.5 pl-6 marker:text-muted-foreground">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-link underline underline-offset-4 hover:no-underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section, index) => (
        <section key={section.id} aria-labelledby={section.id} className="flex scroll-mt-24 flex-col gap-3 leading-relaxed [&_a]:text-link [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:no-underline [&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-1.5 [&_ul]:pl-6">
          <h2 id={section.id} className="scroll-mt-24 text-2xl font-bold tracking-tight">
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
    </div>
  );
}

/** A mailto link to an address, shown as the address itself. */
export function EmailLink({ email, subject }: { email: string; subject?: string }) {
  const href = subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
  return (
    <a href={href} className="break-words text-link underline underline-offset-4 hover:no-underline">
      {email}
    </a>
  );
}
