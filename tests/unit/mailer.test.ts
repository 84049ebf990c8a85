import { describe, expect, it } from "vitest";
import { composeMail, composeSectionsMail, UNSUBSCRIBE_LABEL } from "../../worker/infra/mailer";

describe("composeMail", () => {
  const mail = composeMail("ana@example.com", "You're invited <3", ["Olivia invited you & your family.", "Second paragraph."], {
    label: "Accept the invitation",
    url: "https://app.example/auth?invite_type=guest&token=abc",
  });

  it("writes plain text with the product name, the paragraphs and the link", () => {
    expect(mail.text.split("\n")[0]).toBe("BabySteps");
    expect(mail.text).toContain("Olivia invited you & your family.\n\nSecond paragraph.");
    expect(mail.text).toContain("Accept the invitation: https://app.example/auth?invite_type=guest&token=abc");
  });

  it("writes an HTML document sized for phones with everything escaped", () => {
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(mail.html).toContain("max-width:560px");
    expect(mail.html).toContain("You&#39;re invited &lt;3");
    expect(mail.html).toContain("Olivia invited you &amp; your family.");
    expect(mail.html).toContain('href="https://app.example/auth?invite_type=guest&amp;token=abc"');
    expect(mail.html).not.toContain("<3");
  });
});

describe("composeMail with family text in the subject", () => {
  it("keeps the subject on one line, so typed text cannot add a header", () => {
    const mail = composeMail("ana@example.com", "You're invited: Party\r\nBcc: x@evil.example\n", ["Hello."]);
    expect(mail.subject).toBe("You're invited: Party Bcc: x@evil.example");
    expect(mail.html).toContain("<h1 style=\"margin:0 0 16px;font-size:22px;line-height:1.3;color:#2e2235\">You&#39;re invited: Party Bcc: x@evil.example</h1>");
  });
});

describe("composeMail with an unsubscribe link", () => {
  const url = "https://app.example/newsletter/unsubscribe?token=abc&x=1";
  const mail = composeMail("ana@example.com", "Newsletter", ["Hello."], undefined, url);

  it("ends both forms with the link", () => {
    expect(mail.text.split("\n").at(-1)).toBe(`${UNSUBSCRIBE_LABEL}: ${url}`);
    expect(mail.html).toContain(`<a href="https://app.example/newsletter/unsubscribe?token=abc&amp;x=1" style="color:#5e5165">${UNSUBSCRIBE_LABEL}</a></p>`);
  });

  it("is left out of other mail", () => {
    const other = composeMail("ana@example.com", "Code", ["Your code."]);
    expect(other.text).not.toContain(UNSUBSCRIBE_LABEL);
    expect(other.html).not.toContain(UNSUBSCRIBE_LABEL);
  });
});

describe("composeSectionsMail", () => {
  const mail = composeSectionsMail(
    "ana@example.com",
    "Bean <3: your week\r\nBcc: x@evil.example",
    {
      intro: ["Hi Ana & co"],
      sections: [
        { heading: "Bean <3", level: 2, paragraphs: ["Week 30."], images: [], entries: [] },
        { heading: "New photos", level: 3, paragraphs: [], images: [{ src: "https://app.example/api/digest/photos/a.b?x=1&y=2", alt: 'Scan "one" <b>', href: "https://app.example/photos" }], entries: [] },
        { heading: "Coming up", level: 3, paragraphs: [], images: [], entries: [{ title: "Dinner <script>", lines: ["Grandma's house"], links: [{ label: "Attending", url: "https://app.example/rsvp/t?answer=attending&x=<" }] }] },
      ],
      closing: ["Turn it off in Settings."],
    },
    "https://app.example/api/digest/unsubscribe?token=t",
  );

  it("escapes every text, attribute and link, and keeps the subject on one line", () => {
    expect(mail.subject).toBe("Bean <3: your week Bcc: x@evil.example");
    expect(mail.html).toContain("Hi Ana &amp; co");
    expect(mail.html).toContain('<h2 style="margin:24px 0 12px;font-size:20px;line-height:1.3;color:#2e2235">Bean &lt;3</h2>');
    expect(mail.html).toContain('src="https://app.example/api/digest/photos/a.b?x=1&amp;y=2" alt="Scan &quot;one&quot; &lt;b&gt;"');
    expect(mail.html).toContain("Dinner &lt;script&gt;");
    expect(mail.html).toContain('href="https://app.example/rsvp/t?answer=attending&amp;x=&lt;"');
    expect(mail.html).not.toMatch(/<script|<b>/);
  });

  it("writes the same content as plain text, with the unsubscribe link last", () => {
    expect(mail.text).toContain("BEAN <3\n\nWeek 30.");
    expect(mail.text).toContain('Scan "one" <b>: https://app.example/photos');
    expect(mail.text).toContain("Dinner <script>\nGrandma's house\nAttending: https://app.example/rsvp/t?answer=attending&x=<");
    expect(mail.text).toContain("Turn it off in Settings.");
    expect(mail.text.split("\n").at(-1)).toBe(`${UNSUBSCRIBE_LABEL}: https://app.example/api/digest/unsubscribe?token=t`);
  });
});
