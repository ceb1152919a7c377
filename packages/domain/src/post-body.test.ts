import { describe, expect, it } from "vitest";
import { POST_TOPIC_MAX } from "./community-rules.ts";
import { bodySegments, bodyTopics, cleanBody } from "./post-body.ts";

describe("cleanBody", () => {
  it("drops scripts with their text and every tag but links", () => {
    const { html, text } = cleanBody(
      '读<b>史记</b><script>alert("x")</script><img src=x onerror=alert(1)><style>p{}</style>！',
    );
    expect(html).toBe("读史记！");
    expect(text).toBe("读史记！");
  });

  it("keeps links with href only, and turns unsafe or missing hrefs into text", () => {
    const { html, text } = cleanBody(
      '看<a href="https://example.org/a?b=1&c=2" onclick="x()" style="color:red">这里</a>和<a href="javascript:alert(1)">那里</a><a>无链</a>',
    );
    expect(html).toBe('看<a href="https://example.org/a?b=1&amp;c=2">这里</a>和那里无链');
    expect(text).toBe("看这里和那里无链");
  });

  it("keeps what looks like markup in plain text as text, and normalises line ends", () => {
    const { html, text } = cleanBody("  a < b && c > d\r\n第二行\u0007  ");
    expect(html).toBe("a &lt; b &amp;&amp; c &gt; d\n第二行");
    expect(text).toBe("a < b && c > d\n第二行");
  });
});

describe("bodySegments", () => {
  it("links full- and half-width topics, keeps links and decodes text", () => {
    const { html } = cleanBody('读#唐诗#与＃宋词＃，a &lt; b <a href="/detail/x">李白</a>');
    expect(bodySegments(html)).toEqual([
      { kind: "text", text: "读" },
      { kind: "topic", topic: "唐诗", raw: "#唐诗#" },
      { kind: "text", text: "与" },
      { kind: "topic", topic: "宋词", raw: "＃宋词＃" },
      { kind: "text", text: "，a < b " },
      { kind: "link", href: "/detail/x", text: "李白" },
    ]);
  });

  it("leaves a topic inside a link's text to the link, and too long topics as text", () => {
    const long = "长".repeat(21);
    const { html } = cleanBody(`<a href="https://a.example/">#链接#</a> #${long}#`);
    expect(bodySegments(html)).toEqual([
      { kind: "link", href: "https://a.example/", text: "#链接#" },
      { kind: "text", text: ` #${long}#` },
    ]);
  });

  it("links at most POST_TOPIC_MAX different topics; repeats of those stay links", () => {
    const many = Array.from({ length: POST_TOPIC_MAX + 2 }, (_, i) => `#话题${i}#`).join(" ");
    const { html } = cleanBody(`${many} #话题0#`);
    const topics = bodySegments(html).filter((s) => s.kind === "topic");
    expect(topics).toHaveLength(POST_TOPIC_MAX + 1);
    expect(bodyTopics(html)).toHaveLength(POST_TOPIC_MAX);
  });

  it("stores topics once by key: case and full-width letters do not matter", () => {
    const { html } = cleanBody("#ＡＢＣ# #abc# #Abc#");
    expect(bodyTopics(html)).toEqual([{ key: "abc", name: "ＡＢＣ" }]);
  });
});
