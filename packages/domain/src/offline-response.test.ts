import { describe, expect, it } from "vitest";
import { assetUrlsInHtml, isStorableResponse, titleFromHtml } from "./offline-response.ts";

const response = (status: number, headers: Record<string, string>) => ({
  status,
  headers: new Headers(headers),
});

describe("responses the service worker may keep", () => {
  it("keeps a 200 of the expected type", () => {
    expect(isStorableResponse(response(200, { "content-type": "text/html" }), "document")).toBe(
      true,
    );
    expect(
      isStorableResponse(response(200, { "content-type": "text/x-script; charset=utf-8" }), "data"),
    ).toBe(true);
    expect(
      isStorableResponse(
        response(200, { "content-type": "application/json; charset=utf-8" }),
        "api",
      ),
    ).toBe(true);
  });

  it("refuses errors, other types, personal responses and cookies", () => {
    const html = { "content-type": "text/html" };
    expect(isStorableResponse(response(404, html), "document")).toBe(false);
    expect(isStorableResponse(response(206, html), "document")).toBe(false);
    expect(isStorableResponse(response(200, html), "data")).toBe(false);
    expect(
      isStorableResponse(response(200, { ...html, "cache-control": "private" }), "document"),
    ).toBe(false);
    expect(
      isStorableResponse(
        response(200, { ...html, "cache-control": "public, no-store" }),
        "document",
      ),
    ).toBe(false);
    expect(
      isStorableResponse(
        response(200, { ...html, "cache-control": "private, max-age=0" }),
        "document",
      ),
    ).toBe(false);
    expect(
      isStorableResponse(response(200, { ...html, "set-cookie": "tj_sid=1" }), "document"),
    ).toBe(false);
    // no-cache only asks to revalidate: a copy may still be kept for offline use.
    expect(
      isStorableResponse(response(200, { ...html, "cache-control": "no-cache" }), "document"),
    ).toBe(true);
  });
});

describe("what a saved document tells", () => {
  it("reads the page title without the product name, entities decoded", () => {
    expect(titleFromHtml("<head><title>秦始皇 - 通鉴</title></head>")).toBe("秦始皇");
    expect(titleFromHtml("<title>楚汉 &amp; 鸿门宴 &#x2014; 前206年 - 通鉴</title>")).toBe(
      "楚汉 & 鸿门宴 — 前206年",
    );
    expect(titleFromHtml("<title>\n  通鉴  \n</title>")).toBe("通鉴");
    expect(titleFromHtml("<p>no title</p>")).toBeNull();
    expect(titleFromHtml("<title></title>")).toBeNull();
  });

  it("lists the build files a document loads, once each", () => {
    const html = `<link rel="modulepreload" href="/assets/shell-AB12.js"/>
      <link rel="stylesheet" href="/assets/shell-CD34.css"/>
      <script type="module">import "/assets/manifest-1f604ff5.js"; import("/assets/entry.client-X_y.js");</script>
      <link rel="modulepreload" href="/assets/shell-AB12.js"/>
      <img src="/media/cover/abc.svg"> <a href="/assets/readme.txt">x</a>`;
    expect(assetUrlsInHtml(html)).toEqual([
      "/assets/entry.client-X_y.js",
      "/assets/manifest-1f604ff5.js",
      "/assets/shell-AB12.js",
      "/assets/shell-CD34.css",
    ]);
  });
});
