// @vitest-environment happy-dom

import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { AppLink, AppLinks, appLinkDestination } from "./app-link.tsx";

const HERE = { origin: "https://m.example.cn", href: "https://m.example.cn/ah/article/1" };
const CLICK = {
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
  defaultPrevented: false,
};

function anchor(attrs: Record<string, string>) {
  return {
    getAttribute: (name: string) => attrs[name] ?? null,
    hasAttribute: (name: string) => name in attrs,
  };
}

describe("AppLink", () => {
  it("is a plain anchor marked for the router and for route discovery", () => {
    const html = renderToString(
      <AppLink to="/detail/abc" className="x">
        李白
      </AppLink>,
    );
    expect(html).toMatch(/^<a [^>]*>李白<\/a>$/);
    for (const attribute of [
      'class="x"',
      "data-app-link",
      'data-discover="true"',
      'href="/detail/abc"',
    ]) {
      expect(html).toContain(attribute);
    }
    expect(renderToString(<AppLink to="/ah/article/1" prefetch />)).toContain(
      'data-prefetch="intent"',
    );
  });

  it("leaves links out of the app to the browser", () => {
    expect(renderToString(<AppLink to="https://example.com/a">外链</AppLink>)).toBe(
      '<a href="https://example.com/a">外链</a>',
    );
    expect(renderToString(<AppLink to="//evil.example/x">x</AppLink>)).not.toContain(
      "data-app-link",
    );
  });
});

describe("appLinkDestination (React Router's click rules)", () => {
  const link = anchor({ "data-app-link": "", href: "/detail/abc?x=1#facts" });

  it("routes a plain left click on an app link to its path, query and hash", () => {
    expect(appLinkDestination(CLICK, link, HERE)).toBe("/detail/abc?x=1#facts");
  });

  it("leaves modified, non-left and already handled clicks to the browser", () => {
    for (const change of [
      { button: 1 },
      { metaKey: true },
      { ctrlKey: true },
      { shiftKey: true },
      { altKey: true },
      { defaultPrevented: true },
    ]) {
      expect(appLinkDestination({ ...CLICK, ...change }, link, HERE)).toBeNull();
    }
  });

  it("leaves other windows, downloads, unmarked anchors and other sites to the browser", () => {
    const marked = { "data-app-link": "", href: "/a" };
    expect(appLinkDestination(CLICK, anchor({ ...marked, target: "_blank" }), HERE)).toBeNull();
    expect(appLinkDestination(CLICK, anchor({ ...marked, target: "_self" }), HERE)).toBe("/a");
    expect(appLinkDestination(CLICK, anchor({ ...marked, download: "" }), HERE)).toBeNull();
    expect(appLinkDestination(CLICK, anchor({ href: "/a" }), HERE)).toBeNull();
    expect(
      appLinkDestination(CLICK, anchor({ "data-app-link": "", href: "//evil.example/a" }), HERE),
    ).toBeNull();
  });
});

function Where() {
  const location = useLocation();
  return (
    <>
      <p data-testid="where">{location.pathname + location.search}</p>
      <AppLink to="/detail/abc?from=list">李白</AppLink>
      <AppLink to="/ah/article/1" target="_blank">
        新窗口
      </AppLink>
      <AppLinks />
    </>
  );
}

afterEach(cleanup);

describe("AppLinks", () => {
  it("turns a click on an app link into a client-side navigation", async () => {
    const Stub = createRoutesStub([
      { path: "/", Component: Where },
      { path: "/detail/:id", Component: Where },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect((await screen.findByTestId("where")).textContent).toBe("/");
    // What the browser would be left to do, seen after the document's listener has run; the
    // browser's own navigation is then stopped, as the test has no server.
    const leftToBrowser: string[] = [];
    const record = (event: Event) => {
      if (!event.defaultPrevented) leftToBrowser.push((event.target as Element).textContent ?? "");
      event.preventDefault();
    };
    window.addEventListener("click", record);
    try {
      fireEvent.click(screen.getByText("李白"));
      await screen.findByText("/detail/abc?from=list");
      fireEvent.click(screen.getByText("新窗口"));
      fireEvent.click(screen.getByText("李白"), { ctrlKey: true });
      expect(leftToBrowser).toEqual(["新窗口", "李白"]);
    } finally {
      window.removeEventListener("click", record);
    }
  });
});
