import { describe, expect, it } from "vitest";
import { safeLinkHref } from "../../src/domain/postFormat";
import { isBlankPostContent, postPlainText, sanitizePostContent } from "../../src/domain/richText";
import { ELLIPSIS } from "../../src/domain/sanitize";
import { HOSTILE_INPUTS } from "../support/hostile-inputs";
import { ORDINARY_SENTENCES, XSS_PAYLOADS } from "../support/xss-payloads";
import { POST_CONTENT_MAX_LENGTH } from "../../src/domain/posts";

const LINK_ATTRIBUTES = 'rel="noopener noreferrer nofollow" target="_blank"';
/** Every tag the stored HTML may hold: the allowed ones bare, and links with an http(s) address and the fixed rel and target. */
const ALLOWED_TAG = /^<\/?(b|i|em|strong|p|br|ul|ol|li)>$|^<\/a>$|^<a href="https?:\/\/[^"<>\s]+" rel="noopener noreferrer nofollow" target="_blank">$/;
const tagsOf = (html: string) => html.match(/<[^>]*>/g) ?? [];

/** What the composer sends for typed text: the browser's editor escapes '<', '>' and '&'. */
const typed = (text: string) => `<p>${text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")}</p>`;

describe("sanitizePostContent: allowed formatting", () => {
  it("keeps the basic formatting tags, without attributes", () => {
    expect(sanitizePostContent('<p class="x" style="color:red">Hi <b>bold</b> <i>it</i> <em>e</em> <strong>s</strong><br/>line</p>')).toBe(
      "<p>Hi <b>bold</b> <i>it</i> <em>e</em> <strong>s</strong><br>line</p>",
    );
    expect(sanitizePostContent("<UL><LI>one<li>two</UL><ol><li>x</li></ol>")).toBe("<ul><li>one</li><li>two</li></ul><ol><li>x</li></ol>");
  });

  it("closes elements where a browser would", () => {
    expect(sanitizePostContent("<p>one<p>two")).toBe("<p>one</p><p>two</p>");
    expect(sanitizePostContent("<p>intro<ul><li>a</ul>")).toBe("<p>intro</p><ul><li>a</li></ul>");
    expect(sanitizePostContent("<ul><li>a<ul><li>b<li>c</ul><li>d</ul>")).toBe("<ul><li>a<ul><li>b</li><li>c</li></ul></li><li>d</li></ul>");
    expect(sanitizePostContent("<p><b>bold")).toBe("<p><b>bold</b></p>");
    expect(sanitizePostContent("<b><i>x</b>y</i>")).toBe("<b><i>x</i></b><i>y</i>");
  });

  it("drops other tags and their attributes but keeps their text", () => {
    expect(sanitizePostContent('<div onclick="x()"><span>Hello</span></div><h1>Big</h1>')).toBe("HelloBig");
    expect(sanitizePostContent("<img src=x onerror=alert(1)>")).toBe("");
  });

  it("drops elements whose content is never text, content and all", () => {
    expect(sanitizePostContent("<script>alert(1)</script>ok")).toBe("ok");
    expect(sanitizePostContent("<style>p{}</style><iframe src=//evil.example>x</iframe><svg><text>t</text></svg><math>m</math>ok")).toBe("ok");
    expect(sanitizePostContent("<template><b>t</b></template>ok")).toBe("ok");
  });
});

describe("sanitizePostContent: text stays text", () => {
  it("keeps ordinary sentences with '<', '=' and 'javascript:' as the editor sends them", () => {
    for (const sentence of ORDINARY_SENTENCES) {
      const html = sanitizePostContent(typed(sentence));
      expect(html).toBe(`<p>${sentence.replaceAll("<", "&lt;")}</p>`);
    }
    expect(sanitizePostContent("<p>2 < 3 and x = 1; javascript: onload=fine</p>")).toBe("<p>2 &lt; 3 and x = 1; javascript: onload=fine</p>");
  });

  it("escapes text so it stays text", () => {
    expect(sanitizePostContent("a < b & c > d")).toBe("a &lt; b &amp; c > d");
    expect(sanitizePostContent("&lt;script&gt;alert(1)&lt;/script&gt;")).toBe("&lt;script>alert(1)&lt;/script>");
    expect(sanitizePostContent("<scr<script>ipt>alert(1)</script>")).toBe("ipt>alert(1)");
  });

  it("keeps the text of every XSS payload typed into the editor, and never markup from it", () => {
    for (const payload of XSS_PAYLOADS) {
      const html = sanitizePostContent(typed(payload));
      expect(tagsOf(html), payload).toEqual(["<p>", "</p>"]);
    }
  });
});

describe("sanitizePostContent: hostile markup", () => {
  it("leaves no script, handler, style, frame or unsafe URL from any XSS payload", () => {
    for (const payload of XSS_PAYLOADS) {
      const html = sanitizePostContent(payload);
      for (const tag of tagsOf(html)) expect(tag, payload).toMatch(ALLOWED_TAG);
      // Whatever is left is text a browser shows as text: parsing the output again gives the same output.
      expect(sanitizePostContent(html), payload).toBe(html);
    }
  });

  it("keeps http(s) links with a fixed rel and target", () => {
    expect(sanitizePostContent('<a href="https://example.com/registry?a=1&amp;b=2" onclick="x()" target="_self" rel="opener">list</a>')).toBe(
      `<a href="https://example.com/registry?a=1&amp;b=2" ${LINK_ATTRIBUTES}>list</a>`,
    );
    expect(sanitizePostContent("<A HREF=HTTP://EXAMPLE.COM>x</A>")).toBe(`<a href="http://example.com/" ${LINK_ATTRIBUTES}>x</a>`);
    expect(sanitizePostContent("<a href='  https://example.com/a b  '>x</a>")).toBe(`<a href="https://example.com/a%20b" ${LINK_ATTRIBUTES}>x</a>`);
  });

  it("drops links with any other scheme or a relative address, keeping their text", () => {
    const hostile = [
      '<a href="javascript:alert(1)">x</a>',
      '<a href="JAVASCRIPT:alert(1)">x</a>',
      '<a href="&#106;avascript:alert(1)">x</a>',
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      '<a href=" javascript:alert(1)">x</a>',
      '<a href="vbscript:x">x</a>',
      '<a href="data:text/html,<script>alert(1)</script>">x</a>',
      '<a href="//evil.example">x</a>',
      '<a href="/relative">x</a>',
      '<a href="http:evil.example">x</a>',
      '<a href="https://">x</a>',
      "<a>x</a>",
      '<a name="top">x</a>',
      '<a href="javascript:x" href="https://ok.example">x</a>',
    ];
    for (const input of hostile) expect(sanitizePostContent(input), input).toBe("x");
  });

  it("does not nest links: a second link ends the first, as in a browser", () => {
    expect(sanitizePostContent('<a href="https://a.example">1<a href="https://b.example">2</a>3</a>')).toBe(
      `<a href="https://a.example/" ${LINK_ATTRIBUTES}>1</a><a href="https://b.example/" ${LINK_ATTRIBUTES}>2</a>3`,
    );
  });

  it("unwraps formatting nested deeper than 32 levels, keeping the text", () => {
    expect(sanitizePostContent(`${"<b>".repeat(100)}deep`)).toBe(`${"<b>".repeat(32)}deep${"</b>".repeat(32)}`);
    expect(sanitizePostContent(`<div>${"<i>".repeat(40)}<script>x()</script>ok</div>`)).toBe(`${"<i>".repeat(31)}ok${"</i>".repeat(31)}`);
  });

  it("survives nesting deep enough to exhaust a recursive walk, and large hostile input, within the limits", () => {
    expect(sanitizePostContent(`<template>${"<b>".repeat(20000)}</template>${"<div>".repeat(20000)}x`)).toBe("x");
    for (const input of HOSTILE_INPUTS) expect(sanitizePostContent(input).length).toBeLessThanOrEqual(POST_CONTENT_MAX_LENGTH);
  });
});

describe("sanitizePostContent: the maximum", () => {
  it("keeps the stored HTML within the maximum, closing tags after '...'", () => {
    const exact = `<p>${"a".repeat(POST_CONTENT_MAX_LENGTH - "<p></p>".length)}</p>`;
    expect(sanitizePostContent(exact)).toBe(exact);

    const cut = sanitizePostContent(`<p><b>${"a".repeat(POST_CONTENT_MAX_LENGTH)}</b></p>`);
    expect(cut).toHaveLength(POST_CONTENT_MAX_LENGTH);
    expect(cut.startsWith("<p><b>aaa")).toBe(true);
    expect(cut.endsWith(`a${ELLIPSIS}</b></p>`)).toBe(true);
  });

  it("never cuts inside an escaped character, a tag or a surrogate pair", () => {
    expect(sanitizePostContent("&".repeat(20), 20)).toBe("&amp;&amp;&amp;...");
    expect(sanitizePostContent("<b>x</b>".repeat(10), 30)).toBe("<b>x</b><b>x</b><b>x</b>...");
    expect(sanitizePostContent("ab\u{1F476}cde", 6)).toBe("ab...");
  });

  it("takes a custom maximum and leaves no space before '...'", () => {
    expect(sanitizePostContent("<p>hello world</p>", 16)).toBe("<p>hello...</p>");
  });
});

describe("isBlankPostContent", () => {
  it("is true when nothing but markup, spaces or dropped content is left", () => {
    expect(isBlankPostContent("<p><br></p><ul><li> </li></ul>")).toBe(true);
    expect(isBlankPostContent("<script>alert(1)</script>&nbsp;")).toBe(true);
    expect(isBlankPostContent("<p><b>Hi</b></p>")).toBe(false);
    expect(isBlankPostContent("javascript:")).toBe(false);
  });
});

describe("safeLinkHref", () => {
  it("gives absolute http(s) addresses, normalised, and nothing else", () => {
    expect(safeLinkHref(" https://Example.com/a\tb ")).toBe("https://example.com/ab");
    for (const href of ["javascript:alert(1)", "java\nscript:alert(1)", "//evil.example", "/x", "mailto:a@b.c", "", null, undefined]) expect(safeLinkHref(href), String(href)).toBeNull();
  });
});

/** Seeded so failures reproduce. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

const FRAGMENTS = [
  "<", ">", "/", "<script>", "</script>", "<a href=", '"', "'", "javascript:", "&#106;", "&lt;", "&amp;", "&gt;",
  "onerror=", " ", "\t", "\n", "x", "<b>", "</b>", "<p>", "<!--", "-->", "<img src=x ", "https://ok.example/", "=", "&#x3C;",
  "<br/>", "\u0000", "\u{1F476}", "data:text/html,", "<li>", "</a>", "<a href='https://b.example'>", "<ul>", "<svg>", "<table>", "<math>",
];

describe("sanitizePostContent on random input", () => {
  const next = random(20250601);
  const inputs = Array.from({ length: 400 }, () =>
    Array.from({ length: Math.floor(next() * 40) }, () => FRAGMENTS[Math.floor(next() * FRAGMENTS.length)] ?? "").join(""),
  );

  it("emits only allowed tags and safe links, fits, and is stable", () => {
    for (const input of inputs) {
      const out = sanitizePostContent(input, 300);
      expect(out.length, input).toBeLessThanOrEqual(300);
      for (const tag of tagsOf(out)) expect(tag, input).toMatch(ALLOWED_TAG);
      expect(sanitizePostContent(out, 300), input).toBe(out);
    }
  });
});

describe("postPlainText", () => {
  it("gives one line per paragraph, list item or break, with the markup gone and scripts dropped whole", () => {
    expect(postPlainText("<p><b>Big</b> news</p><p>Line one<br>line two</p><ul><li>a</li><li>b</li></ul><script>alert(1)</script>")).toBe("Big news\nLine one\nline two\na\nb");
    expect(postPlainText("<p>Mom &lt;3 &amp; Dad</p>")).toBe("Mom <3 & Dad");
  });
});
