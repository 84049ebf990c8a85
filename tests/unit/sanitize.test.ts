import { describe, expect, it } from "vitest";
import {
  COMMENT_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  NOTES_MAX_LENGTH,
  POST_CONTENT_MAX_LENGTH,
  QUESTIONS_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from "../../src/domain/constants";
import {
  cutText,
  decodeEntities,
  ELLIPSIS,
  sanitizeComment,
  sanitizeLocation,
  sanitizeNotes,
  sanitizePlainText,
  sanitizePostContent,
  sanitizeQuestions,
  sanitizeTitle,
  tokenizeHtml,
  truncateText,
} from "../../src/domain/sanitize";
import { HOSTILE_INPUTS } from "../support/hostile-inputs";

const LINK_ATTRIBUTES = 'rel="noopener noreferrer nofollow" target="_blank"';

describe("tokenizeHtml", () => {
  it("reads quoted, unquoted and bare attributes, lowercasing names", () => {
    expect(tokenizeHtml(`<A HREF="x y" data-a='1>2' b=c D>t</a >`)).toEqual([
      {
        kind: "start",
        name: "a",
        attributes: [
          { name: "href", value: "x y" },
          { name: "data-a", value: "1>2" },
          { name: "b", value: "c" },
          { name: "d", value: "" },
        ],
      },
      { kind: "text", text: "t" },
      { kind: "end", name: "a" },
    ]);
  });

  it("keeps a '<' that starts no markup as text", () => {
    expect(tokenizeHtml("a < b <3 <= c <")).toEqual([{ kind: "text", text: "a < b <3 <= c <" }]);
  });

  it("drops comments, doctypes, processing instructions and bogus end tags", () => {
    expect(tokenizeHtml("a<!-- x --><!DOCTYPE html><?php x ?></ x>b<!---->c<!-->d</>e")).toEqual([
      { kind: "text", text: "a" },
      { kind: "text", text: "b" },
      { kind: "text", text: "c" },
      { kind: "text", text: "d" },
      { kind: "text", text: "e" },
    ]);
  });

  it("drops everything after a tag or comment cut off by the end", () => {
    expect(tokenizeHtml("ok<img src=x onerror=alert(1)")).toEqual([{ kind: "text", text: "ok" }]);
    expect(tokenizeHtml(`ok<a href="x>y`)).toEqual([{ kind: "text", text: "ok" }]);
    expect(tokenizeHtml("ok<!-- never closed <script>")).toEqual([{ kind: "text", text: "ok" }]);
    expect(tokenizeHtml("ok</")).toEqual([{ kind: "text", text: "ok" }]);
  });

  it("skips the content of raw-text elements up to their real end tag", () => {
    expect(tokenizeHtml("<script>if (a<b) x('</scrip>')</SCRIPT >after")).toEqual([
      { kind: "start", name: "script", attributes: [] },
      { kind: "end", name: "script" },
      { kind: "text", text: "after" },
    ]);
    expect(tokenizeHtml("<style>b{}</style-x></style>z").map((t) => t.kind)).toEqual(["start", "end", "text"]);
    expect(tokenizeHtml("<plaintext></plaintext>all gone")).toEqual([{ kind: "start", name: "plaintext", attributes: [] }]);
    expect(tokenizeHtml("<script>never closed")).toEqual([{ kind: "start", name: "script", attributes: [] }]);
  });
});

describe("decodeEntities", () => {
  it("decodes numeric references with or without ';' and common names", () => {
    expect(decodeEntities("&#106;&#x61;&#X76;&#97va")).toBe("java" + "va");
    expect(decodeEntities("&lt;&gt;&amp;&quot;&apos;&colon;&Tab;&NewLine;&nbsp;")).toBe("<>&\"':\t\n\u00a0");
    expect(decodeEntities("&hellip;&mdash;&hearts;")).toBe("\u2026\u2014\u2665");
  });

  it("leaves unknown names and prototype keys alone", () => {
    expect(decodeEntities("AT&T &unknown; &constructor; &toString; &amp")).toBe("AT&T &unknown; &constructor; &toString; &amp");
  });

  it("replaces invalid code points", () => {
    expect(decodeEntities("&#0;&#xD800;&#x110000;&#99999999999999999999;")).toBe("\ufffd\ufffd\ufffd\ufffd");
    expect(decodeEntities("&#x1F476;")).toBe("\u{1F476}");
  });
});

describe("truncation", () => {
  it("cuts over-length text to exactly the maximum, '...' included", () => {
    expect(truncateText("abcdefghij", 10)).toBe("abcdefghij");
    expect(truncateText("abcdefghijk", 10)).toBe("abcdefg...");
    expect(truncateText("abcdefghijk", 10)).toHaveLength(10);
  });

  it("does not leave a space before '...'", () => {
    expect(truncateText("abcdef   ghijk", 10)).toBe("abcdef...");
  });

  it("never splits a surrogate pair", () => {
    const baby = "\u{1F476}";
    expect(cutText(`abc${baby}`, 4)).toBe("abc");
    expect(cutText(`abc${baby}`, 5)).toBe(`abc${baby}`);
    const cut = truncateText(`abcdef${baby}xyz`, 10);
    expect(cut).toBe("abcdef...");
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe("plain-text sanitisers", () => {
  it("strips every tag and keeps the text", () => {
    expect(sanitizeTitle("<b>Baby</b> <i>shower</i>")).toBe("Baby shower");
    expect(sanitizeTitle("<p>Hi <a href='https://ok.example'>there</a></p>")).toBe("Hi there");
    expect(sanitizeTitle("  Ultrasound  ")).toBe("Ultrasound");
  });

  it("keeps ordinary text, ampersands and comparisons", () => {
    expect(sanitizeTitle("Mom & Dad's visit")).toBe("Mom & Dad's visit");
    expect(sanitizeTitle("I <3 you, 2 < 3 > 1")).toBe("I <3 you, 2 < 3 > 1");
    expect(sanitizeNotes("Data: 5 kicks\nQuestions: none")).toBe("Data: 5 kicks\nQuestions: none");
    expect(sanitizeTitle("Upon arrival")).toBe("Upon arrival");
  });

  it("decodes entities into text", () => {
    expect(sanitizeTitle("Tom &amp; Jerry &hellip;")).toBe("Tom & Jerry \u2026");
  });

  it("drops script and style content entirely", () => {
    expect(sanitizeTitle("Hi<script>alert(1)</script>!")).toBe("Hi!");
    expect(sanitizeTitle("Hi<style>body{display:none}</style>!")).toBe("Hi!");
    expect(sanitizeTitle("<SCRIPT SRC=//evil.example/x.js></SCRIPT>ok")).toBe("ok");
  });

  it("survives split and nested script tags", () => {
    const out = sanitizeTitle("<scr<script>ipt>alert(1)</script>");
    expect(out).not.toMatch(/<[a-z!/?]/i);
    expect(out).toBe("ipt>alert(1)");
    expect(sanitizeTitle("<<script>script>alert(1)<</script>/script>")).toBe("");
  });

  it("removes tags that only appear once entities are decoded", () => {
    expect(sanitizeTitle("&lt;script&gt;alert(1)&lt;/script&gt;")).toBe("");
    expect(sanitizeTitle("&amp;lt;img src=x onerror=alert(1)&amp;gt;ok")).toBe("ok");
  });

  it("removes image handlers and broken tags", () => {
    expect(sanitizeTitle("<img src=x onerror=alert(1)>Party")).toBe("Party");
    expect(sanitizeTitle("<IMG SRC=x ONERROR=alert(1)//")).toBe("");
    expect(sanitizeTitle("Party<img src=x onerror=alert(1)")).toBe("Party");
    expect(sanitizeTitle("<svg/onload=alert(1)>Party")).toBe("Party");
  });

  it("removes script URLs, also when encoded, spaced or in upper case", () => {
    expect(sanitizeTitle("javascript:alert(1)")).toBe("alert(1)");
    expect(sanitizeTitle("JaVaScRiPt:alert(1)")).toBe("alert(1)");
    expect(sanitizeTitle("&#106;avascript&#58;alert(1)")).toBe("alert(1)");
    expect(sanitizeTitle("&#x6A;&#x61;&#x76;&#x61;script&colon;alert(1)")).toBe("alert(1)");
    expect(sanitizeTitle("java\tscript:alert(1)")).toBe("alert(1)");
    expect(sanitizeTitle("java&Tab;script:alert(1)")).toBe("alert(1)");
    expect(sanitizeTitle("vbscript:msgbox(1)")).toBe("msgbox(1)");
    expect(sanitizeTitle("data:text/html;base64,PHNjcmlwdD4=")).toBe("text/html;base64,PHNjcmlwdD4=");
    expect(sanitizeTitle("javajavascript:script:alert(1)")).toBe("alert(1)");
  });

  it("removes inline handlers in attribute-breaking text", () => {
    expect(sanitizeTitle(`" onmouseover="alert(1)`)).toBe(`" "alert(1)`);
    expect(sanitizeLocation("x' ONCLICK = 'y")).toBe("x'  'y");
    // Removing the tag joins the handler back together; it is removed on the next pass.
    expect(sanitizeComment("on<b></b>click=alert(1)")).toBe("alert(1)");
  });

  it("drops control characters but keeps line breaks and tabs", () => {
    expect(sanitizeNotes("a\u0000b\u0007c\u009fd\n\te")).toBe("abcd\n\te");
  });

  it("cuts each field at its maximum with '...'", () => {
    const cases: [(input: string) => string, number][] = [
      [sanitizeTitle, TITLE_MAX_LENGTH],
      [sanitizeLocation, LOCATION_MAX_LENGTH],
      [sanitizeNotes, NOTES_MAX_LENGTH],
      [sanitizeQuestions, QUESTIONS_MAX_LENGTH],
      [sanitizeComment, COMMENT_MAX_LENGTH],
    ];
    expect(cases.map(([, max]) => max)).toEqual([200, 300, 2000, 1000, 1000]);
    for (const [sanitize, max] of cases) {
      expect(sanitize("x".repeat(max))).toBe("x".repeat(max));
      const cut = sanitize("x".repeat(max + 1));
      expect(cut).toHaveLength(max);
      expect(cut.endsWith(ELLIPSIS)).toBe(true);
    }
  });

  it("measures the length after stripping markup", () => {
    const input = `<b>${"y".repeat(TITLE_MAX_LENGTH)}</b>`;
    expect(sanitizeTitle(input)).toBe("y".repeat(TITLE_MAX_LENGTH));
  });

  it("is idempotent", () => {
    for (const input of ["<b>x</b> &amp;lt;i&amp;gt;", "a &lt;b&gt; c", "javascript:javascript:x", "z".repeat(250), "<scr<script>ipt>"]) {
      const once = sanitizeTitle(input);
      expect(sanitizeTitle(once)).toBe(once);
    }
  });
});

describe("sanitizePostContent", () => {
  it("keeps the basic formatting tags, without attributes", () => {
    expect(sanitizePostContent('<p class="x" style="color:red">Hi <b>bold</b> <i>it</i> <em>e</em> <strong>s</strong><br/>line</p>')).toBe(
      "<p>Hi <b>bold</b> <i>it</i> <em>e</em> <strong>s</strong><br>line</p>",
    );
    expect(sanitizePostContent("<UL><LI>one<li>two</UL><ol><li>x</li></ol>")).toBe("<ul><li>one</li><li>two</li></ul><ol><li>x</li></ol>");
  });

  it("closes list items and paragraphs where a browser would", () => {
    expect(sanitizePostContent("<p>one<p>two")).toBe("<p>one</p><p>two</p>");
    expect(sanitizePostContent("<p><b>one<p>two")).toBe("<p><b>one</b></p><p>two</p>");
    expect(sanitizePostContent("<p>intro<ul><li>a</ul>")).toBe("<p>intro</p><ul><li>a</li></ul>");
    expect(sanitizePostContent("<ul><li>a<ul><li>b<li>c</ul><li>d</ul>")).toBe("<ul><li>a<ul><li>b</li><li>c</li></ul></li><li>d</li></ul>");
  });

  it("drops other tags and their attributes but keeps their text", () => {
    expect(sanitizePostContent('<div onclick="x()"><span>Hello</span></div><h1>Big</h1>')).toBe("HelloBig");
    expect(sanitizePostContent("<img src=x onerror=alert(1)>")).toBe("");
    expect(sanitizePostContent("<iframe src=//evil.example></iframe>ok")).toBe("ok");
    expect(sanitizePostContent("<script>alert(1)</script>ok")).toBe("ok");
  });

  it("escapes text so it stays text", () => {
    expect(sanitizePostContent("a < b & c > d")).toBe("a &lt; b &amp; c &gt; d");
    expect(sanitizePostContent("&lt;script&gt;alert(1)&lt;/script&gt;")).toBe("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(sanitizePostContent("<scr<script>ipt>alert(1)</script>")).toBe("ipt&gt;alert(1)");
  });

  it("keeps http(s) links with a fixed rel and target", () => {
    expect(sanitizePostContent('<a href="https://example.com/registry?a=1&amp;b=2" onclick="x()" target="_self" rel="opener">list</a>')).toBe(
      `<a href="https://example.com/registry?a=1&amp;b=2" ${LINK_ATTRIBUTES}>list</a>`,
    );
    expect(sanitizePostContent("<A HREF=HTTP://EXAMPLE.COM>x</A>")).toBe(`<a href="http://example.com/" ${LINK_ATTRIBUTES}>x</a>`);
    expect(sanitizePostContent("<a href='  https://example.com/a b  '>x</a>")).toBe(`<a href="https://example.com/a%20b" ${LINK_ATTRIBUTES}>x</a>`);
  });

  it("drops links with any other scheme, keeping their text", () => {
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
    ];
    for (const input of hostile) expect(sanitizePostContent(input), input).toBe("x");
  });

  it("uses the first href, as browsers do", () => {
    expect(sanitizePostContent('<a href="javascript:x" href="https://ok.example">x</a>')).toBe("x");
  });

  it("does not nest links", () => {
    // The inner link is dropped; its end tag closes the outer one.
    expect(sanitizePostContent('<a href="https://a.example">1<a href="https://b.example">2</a>3</a>')).toBe(
      `<a href="https://a.example/" ${LINK_ATTRIBUTES}>12</a>3`,
    );
  });

  it("balances tags: closes what is left open, drops stray end tags", () => {
    expect(sanitizePostContent("<p><b>bold")).toBe("<p><b>bold</b></p>");
    expect(sanitizePostContent("</b>text</p>")).toBe("text");
    expect(sanitizePostContent("<b><i>x</b>y</i>")).toBe("<b><i>x</i></b>y");
    expect(sanitizePostContent("a</br>b")).toBe("ab");
  });

  it("cleans script URLs and handlers out of the text as well", () => {
    expect(sanitizePostContent("<p>javascript:alert(1) onload=x</p>")).toBe("<p>alert(1) x</p>");
  });

  it("keeps the stored HTML within the maximum, closing tags after '...'", () => {
    const exact = `<p>${"a".repeat(POST_CONTENT_MAX_LENGTH - "<p></p>".length)}</p>`;
    expect(sanitizePostContent(exact)).toBe(exact);

    const over = `<p><b>${"a".repeat(POST_CONTENT_MAX_LENGTH)}</b></p>`;
    const cut = sanitizePostContent(over);
    expect(cut).toHaveLength(POST_CONTENT_MAX_LENGTH);
    expect(cut.startsWith("<p><b>aaa")).toBe(true);
    expect(cut.endsWith(`a${ELLIPSIS}</b></p>`)).toBe(true);
  });

  it("never cuts inside an escaped character or a tag", () => {
    const cut = sanitizePostContent("&".repeat(20), 20);
    expect(cut).toBe("&amp;&amp;&amp;...");
    const tags = sanitizePostContent("<b>x</b>".repeat(10), 30);
    expect(tags.length).toBeLessThanOrEqual(30);
    expect(tags).toBe("<b>x</b><b>x</b><b>x</b>...");
  });

  it("takes a custom maximum", () => {
    expect(sanitizePostContent("<p>hello world</p>", 16)).toBe("<p>hello...</p>");
  });
});

describe("crafted deep nesting", () => {
  it("stays safe and stable when entity layers go deeper than the passes", () => {
    const input = `&${"amp;".repeat(50)}lt;script&${"amp;".repeat(50)}gt;alert(1)`;
    const out = sanitizeTitle(input);
    expect(out).not.toMatch(/[<&]/);
    expect(sanitizeTitle(out)).toBe(out);
  });

  it("stays safe when script URLs are nested deeper than the passes", () => {
    const input = `${"java".repeat(50)}${"script:".repeat(50)}alert(1) ${"on".repeat(30)}${"click=".repeat(30)}x`;
    for (const out of [sanitizeNotes(input), sanitizePostContent(input)]) {
      expect(out).not.toMatch(/javascript:|\bon[a-z]+\s*=/i);
    }
    expect(sanitizeNotes(sanitizeNotes(input))).toBe(sanitizeNotes(input));
  });

  it("stays safe when removed tags keep joining into new ones", () => {
    const out = sanitizeTitle(`${"<".repeat(50)}${"b>".repeat(50)}script>alert(1)`);
    expect(out).not.toMatch(/<[a-z!/?]/i);
    expect(sanitizeTitle(out)).toBe(out);
  });

  it("drops formatting nested deeper than 32 levels, keeping the text", () => {
    const out = sanitizePostContent(`${"<b>".repeat(100)}deep`);
    expect(out.match(/<b>/g)).toHaveLength(32);
    expect(out).toBe(`${"<b>".repeat(32)}deep${"</b>".repeat(32)}`);
  });

  it("keeps large hostile input within the limits (its speed is measured by npm run bench)", () => {
    for (const input of HOSTILE_INPUTS) {
      expect(sanitizeNotes(input).length).toBeLessThanOrEqual(NOTES_MAX_LENGTH);
      expect(sanitizeNotes(input)).not.toMatch(/<script|javascript:/i);
      expect(sanitizePostContent(input).length).toBeLessThanOrEqual(POST_CONTENT_MAX_LENGTH);
    }
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
  "<br/>", "\u0000", "\u{1F476}", "data:text/html,", "<li>", "</a>", "<a href='https://b.example'>",
];

describe("sanitiser invariants on random input", () => {
  const next = random(20250601);
  const inputs = Array.from({ length: 400 }, () =>
    Array.from({ length: Math.floor(next() * 40) }, () => FRAGMENTS[Math.floor(next() * FRAGMENTS.length)] ?? "").join(""),
  );

  it("plain text holds no markup, script URL or handler, fits, and is stable", () => {
    for (const input of inputs) {
      const out = sanitizePlainText(input, 120);
      expect(out.length, input).toBeLessThanOrEqual(120);
      expect(out, input).not.toMatch(/<[a-z!/?]/i);
      expect(out, input).not.toMatch(/javascript:|data:text|\bon[a-z]+\s*=/i);
      expect(sanitizePlainText(out, 120), input).toBe(out);
    }
  });

  it("post content emits only allowed tags, safe links, and fits", () => {
    for (const input of inputs) {
      const out = sanitizePostContent(input, 300);
      expect(out.length, input).toBeLessThanOrEqual(300);
      for (const tag of out.match(/<[^>]*>/g) ?? []) {
        expect(tag, input).toMatch(/^<\/?(b|i|em|strong|p|br|ul|ol|li)>$|^<\/a>$|^<a href="https?:\/\/[^"]+" rel="noopener noreferrer nofollow" target="_blank">$/);
      }
      expect(out, input).not.toMatch(/javascript:/i);
      expect(sanitizePostContent(out, 300), input).toBe(out);
    }
  });
});
