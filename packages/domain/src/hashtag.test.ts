import { describe, expect, it } from "vitest";
import { hashtagSegments, linkHashtags, topicSearchHref } from "./hashtag.ts";

const link = (topic: string, raw = `#${topic}#`) =>
  `<a class="topic-link" href="/search?q=${encodeURIComponent(topic)}">${raw}</a>`;

describe("linkHashtags", () => {
  it("links half-width and full-width topics", () => {
    expect(linkHashtags("读史 #贞观之治# 有感")).toBe(`读史 ${link("贞观之治")} 有感`);
    expect(linkHashtags("＃安史之乱＃")).toBe(link("安史之乱", "＃安史之乱＃"));
    expect(linkHashtags("#玄武门之变＃")).toBe(link("玄武门之变", "#玄武门之变＃"));
  });

  it("links several topics and leaves the text between them", () => {
    expect(linkHashtags("#唐##宋#与#元#")).toBe(`${link("唐")}${link("宋")}与${link("元")}`);
  });

  it("does not match across line breaks", () => {
    expect(linkHashtags("#第一行\n第二行#")).toBe("#第一行\n第二行#");
    expect(linkHashtags("#第一行\r\n第二行#")).toBe("#第一行\r\n第二行#");
  });

  it("ignores empty tags and tags padded with spaces", () => {
    expect(linkHashtags("##")).toBe("##");
    expect(linkHashtags("＃＃")).toBe("＃＃");
    expect(linkHashtags("# #")).toBe("# #");
    expect(linkHashtags("C# 和 F# 都是语言")).toBe("C# 和 F# 都是语言");
    expect(linkHashtags("# 话题#")).toBe("# 话题#");
  });

  it("allows spaces inside a topic", () => {
    expect(linkHashtags("#Tang Dynasty#")).toBe(link("Tang Dynasty"));
  });

  it("leaves a lone sign alone", () => {
    expect(linkHashtags("第#1名")).toBe("第#1名");
    expect(linkHashtags("#a#b#")).toBe(`${link("a")}b#`);
  });

  it("escapes HTML in the text and in topics", () => {
    expect(linkHashtags("<b>粗</b> & #<i>#")).toBe(
      `&lt;b&gt;粗&lt;/b&gt; &amp; <a class="topic-link" href="/search?q=%3Ci%3E">#&lt;i&gt;#</a>`,
    );
    expect(linkHashtags(`#"onmouseover=alert(1)#`)).toBe(
      `<a class="topic-link" href="/search?q=%22onmouseover%3Dalert(1)">#&quot;onmouseover=alert(1)#</a>`,
    );
    expect(linkHashtags("#a&b#")).toBe(
      `<a class="topic-link" href="/search?q=a%26b">#a&amp;b#</a>`,
    );
  });

  it("handles empty text", () => {
    expect(linkHashtags("")).toBe("");
  });
});

describe("hashtagSegments", () => {
  it("splits text into plain runs and topics", () => {
    expect(hashtagSegments("看 #赤壁之战# 吧")).toEqual([
      { kind: "text", text: "看 " },
      { kind: "topic", topic: "赤壁之战", raw: "#赤壁之战#" },
      { kind: "text", text: " 吧" },
    ]);
    expect(hashtagSegments("")).toEqual([]);
    expect(hashtagSegments("无话题")).toEqual([{ kind: "text", text: "无话题" }]);
  });
});

describe("topicSearchHref", () => {
  it("encodes the topic as the search query", () => {
    expect(topicSearchHref("唐 宋")).toBe("/search?q=%E5%94%90%20%E5%AE%8B");
  });
});
