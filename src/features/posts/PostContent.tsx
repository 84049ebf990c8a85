import { createElement, useMemo, type ReactNode } from "react";
import { clsx } from "clsx";
import { LINK_REL, LINK_TARGET } from "../../domain/postFormat";
import { parsePostHtml, type PostNode } from "./postHtml";

function render(nodes: readonly PostNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (node.kind === "text") return node.text;
    const children = node.children.length > 0 ? render(node.children) : undefined;
    if (node.tag === "a") {
      return (
        <a key={index} href={node.href ?? undefined} rel={LINK_REL} target={LINK_TARGET}>
          {children}
        </a>
      );
    }
    return createElement(node.tag, { key: index }, children);
  });
}

/** A post's formatted text, rebuilt from the allowed tags only (never set as raw HTML). */
export function PostContent({ html, className }: { html: string; className?: string }) {
  const content = useMemo(() => render(parsePostHtml(html)), [html]);
  return (
    // Space between blocks only (margins do nothing to inline text and links at the top level).
    <div className={clsx("break-words [&>*+*]:mt-2 [&_a]:text-link [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5", className)}>{content}</div>
  );
}
