import { describe, expect, it } from "vitest";
import {
  contentImages,
  sanitizeContent,
  sanitizeLinksOnly,
  sanitizeTitle,
} from "./content-sanitizer.ts";

describe("sanitizeContent", () => {
  it("keeps standard tags and the allowed attributes, including data-*", () => {
    const html =
      '<p class="lead" data-id="7" note-id="n1" onclick="x()">段落 <strong>加粗</strong> <a href="/detail/abc" data-id="abc">李白</a></p>';
    expect(sanitizeContent(html)).toBe(
      '<p class="lead" data-id="7" note-id="n1">段落 <strong>加粗</strong> <a href="/detail/abc" data-id="abc">李白</a></p>',
    );
  });

  it("allows iframe, audio and video with exactly their listed attributes", () => {
    expect(
      sanitizeContent(
        '<iframe src="https://v.example/1" width="300" height="200" frameborder="0" allow="x"></iframe>',
      ),
    ).toBe('<iframe src="https://v.example/1" width="300" frameborder="0"></iframe>');
    expect(
      sanitizeContent('<audio controls loop preload="none" src="/a.mp3" autoplay></audio>'),
    ).toBe('<audio controls loop preload="none" src="/a.mp3"></audio>');
    expect(
      sanitizeContent(
        '<video controls src="/v.mp4" poster="/p.jpg" width="320" height="180" onplay="x"></video>',
      ),
    ).toBe('<video controls src="/v.mp4" poster="/p.jpg" width="320" height="180"></video>');
  });

  it("drops script, style and frame bodies with their text", () => {
    expect(
      sanitizeContent(
        "<p>前</p><script>alert(1)</script><style>p{}</style><frameset>框架</frameset><p>后</p>",
      ),
    ).toBe("<p>前</p><p>后</p>");
  });

  it("gives every image a text alternative: its own, its title, or empty (decorative)", () => {
    expect(sanitizeContent('<img src="/media/a.jpg" alt="清明上河图局部">')).toBe(
      '<img src="/media/a.jpg" alt="清明上河图局部" />',
    );
    expect(sanitizeContent('<img src="/media/a.jpg" title="汴河虹桥">')).toBe(
      '<img src="/media/a.jpg" title="汴河虹桥" alt="汴河虹桥" />',
    );
    expect(sanitizeContent('<img src="/media/a.jpg">')).toBe('<img src="/media/a.jpg" alt="" />');
    expect(sanitizeContent('<img src="/media/a.jpg" alt="">')).toBe(
      '<img src="/media/a.jpg" alt="" />',
    );
  });

  it("turns anchors without href into plain text and removes javascript: links", () => {
    expect(sanitizeContent('<p><a name="x">没有链接</a></p>')).toBe("<p>没有链接</p>");
    expect(sanitizeContent('<a href="javascript:alert(1)">坏链接</a>')).toBe("坏链接");
  });
});

describe("sanitizeLinksOnly", () => {
  it("keeps only anchors with href, data-id and class", () => {
    expect(
      sanitizeLinksOnly(
        '<p>见<a href="/detail/1" data-id="1" class="inner" style="x" title="t">词条</a><b>粗</b></p>',
      ),
    ).toBe('见<a href="/detail/1" data-id="1" class="inner">词条</a>粗');
  });
});

describe("sanitizeTitle", () => {
  it("allows no tags at all", () => {
    expect(sanitizeTitle("<b>贞观</b>之治<script>x</script>")).toBe("贞观之治");
  });
});

describe("contentImages", () => {
  it("lists images in order and leaves SVGs out", () => {
    expect(
      contentImages(
        '<img src="/media/a.jpg"><p><img src="/media/b.svg"><img src="https://cdn.example/c.png?x=1"></p>',
      ),
    ).toEqual(["/media/a.jpg", "https://cdn.example/c.png?x=1"]);
  });
});
