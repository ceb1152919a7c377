// @vitest-environment happy-dom

import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { readArticleHubView } from "@tongjian/domain/article-hub";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ArticleHubSort, ArticleHubTabs } from "./article-hub-tabs.tsx";

afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** The tabs and sort of the hub, following the location as the route module does. */
function Hub() {
  const view = readArticleHubView(new URLSearchParams(useLocation().search));
  return (
    <>
      <ArticleHubTabs view={view} panelId="panel" />
      <ArticleHubSort view={view} />
      <Where />
    </>
  );
}

function renderHub(url: string) {
  const Stub = createRoutesStub([{ path: "/ah", Component: Hub }]);
  render(<Stub initialEntries={[url]} />);
}

describe("article hub tabs", () => {
  it("is a tablist of 全部 and the six sections, the chosen one selected and focusable", () => {
    renderHub("/ah?section=war&sort=hot");
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual([
      "全部",
      "中国史",
      "世界史",
      "艺术史",
      "战争",
      "科技史",
      "大事件",
    ]);
    const selected = screen.getByRole("tab", { selected: true });
    expect(selected.textContent).toBe("战争");
    expect(selected.getAttribute("tabindex")).toBe("0");
    expect(selected.getAttribute("aria-controls")).toBe("panel");
    expect(tabs.filter((t) => t.getAttribute("tabindex") === "-1")).toHaveLength(6);
    // Each tab keeps the sort; 全部 and 最新 are left out of the URL.
    expect(screen.getByRole("tab", { name: "全部" }).getAttribute("href")).toBe("/ah?sort=hot");
    expect(screen.getByRole("tab", { name: "科技史" }).getAttribute("href")).toBe(
      "/ah?section=technology&sort=hot",
    );
  });

  it("marks the current sort and links the other for the same tab", () => {
    renderHub("/ah?section=war");
    const sort = screen.getByRole("group", { name: "排序" });
    expect(sort.querySelector('[aria-current="true"]')?.textContent).toBe("最新");
    expect(screen.getByRole("link", { name: "最热" }).getAttribute("href")).toBe(
      "/ah?section=war&sort=hot",
    );
  });

  it("moves to the next, previous, first and last tab with the arrow keys, Home and End", async () => {
    renderHub("/ah?sort=hot");
    const list = screen.getByRole("tablist", { name: "文章栏目" });
    const location = () => screen.getByTestId("location").textContent;
    fireEvent.keyDown(list, { key: "ArrowRight" });
    await screen.findByText("/ah?section=history&sort=hot");
    expect(document.activeElement?.textContent).toBe("中国史");
    fireEvent.keyDown(list, { key: "End" });
    await screen.findByText("/ah?section=bigevent&sort=hot");
    expect(screen.getByRole("tab", { selected: true }).textContent).toBe("大事件");
    fireEvent.keyDown(list, { key: "ArrowRight" });
    await screen.findByText("/ah?sort=hot");
    fireEvent.keyDown(list, { key: "ArrowLeft" });
    await screen.findByText("/ah?section=bigevent&sort=hot");
    fireEvent.keyDown(list, { key: "Home" });
    await screen.findByText("/ah?sort=hot");
    expect(document.activeElement?.textContent).toBe("全部");
    fireEvent.keyDown(list, { key: "a" });
    expect(location()).toBe("/ah?sort=hot");
  });
});
