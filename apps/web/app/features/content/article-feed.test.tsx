// @vitest-environment happy-dom

import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { parseAppEnv } from "@tongjian/domain/app-env";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PlatformProvider } from "../../shell/platform.tsx";
import { ArticleFeed, type FirstFeedPage, feedPath } from "./article-feed.tsx";

const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

function article(n: number) {
  return {
    id: n.toString(16).padStart(24, "0"),
    type: "ARTICLE",
    title: `第${n}篇文章`,
    section: "中国史",
    channel: "中国史",
    summary: `摘要${n}`,
    imageUrl: "",
    viewNumShow: "1",
    publishedAt: "2026-01-01",
  };
}

/** Pages of `size` articles out of `total`, as the feed API answers them. */
function feedReply(page: number, size: number, total: number) {
  const from = (page - 1) * size + 1;
  const to = Math.min(total, page * size);
  const list = Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => article(from + i));
  return { code: 200, message: "success", data: { page, size, total, hasMore: to < total, list } };
}

/** Observers the feed makes; a test scrolls by telling them their target came into view. */
const observers: { callback: IntersectionObserverCallback; disconnected: boolean }[] = [];
class FakeObserver {
  readonly record: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback) {
    this.record = { callback, disconnected: false };
    observers.push(this.record);
  }
  observe() {}
  disconnect() {
    this.record.disconnected = true;
  }
}

/** Tells the live observer that the end of the list came into view, once there is one. */
async function scrollToEnd() {
  await vi.waitFor(() => expect(observers.some((o) => !o.disconnected)).toBe(true));
  await act(async () => {
    for (const o of observers.filter((x) => !x.disconnected)) {
      o.callback(
        [{ isIntersecting: true } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    }
  });
}

let failNext = false;
const requested: string[] = [];
/** Replies to paths other than the home feed's; null leaves them to the feed's reply. */
let fetchReply: (url: string) => ReturnType<typeof feedReply> | null = () => null;

beforeEach(() => {
  observers.length = 0;
  requested.length = 0;
  failNext = false;
  fetchReply = () => null;
  vi.stubGlobal("IntersectionObserver", FakeObserver);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      requested.push(input);
      const other = fetchReply(input);
      if (other) return new Response(JSON.stringify(other));
      const match = /getFeed\/cn\/(\d+)\/(\d+)$/.exec(input);
      if (!match) return new Response(JSON.stringify({ code: 200, message: "", data: null }));
      if (failNext) {
        failNext = false;
        return new Response("busy", { status: 503 });
      }
      return new Response(JSON.stringify(feedReply(Number(match[1]), Number(match[2]), 7)));
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type FeedProps = Omit<Parameters<typeof ArticleFeed>[0], "first">;

/** The feed as the home page renders it, with the loader's first page and the test's props. */
function Feed() {
  const { first, props } = useLoaderData<{ first: FirstFeedPage; props: FeedProps }>();
  return (
    <PlatformProvider env={parseAppEnv(SAFARI)}>
      <ArticleFeed first={first} {...props} />
    </PlatformProvider>
  );
}

function renderFeed(first: FirstFeedPage, props: FeedProps = {}) {
  const Stub = createRoutesStub([{ path: "/", Component: Feed, loader: () => ({ first, props }) }]);
  render(<Stub initialEntries={["/"]} />);
}

const firstPage = (): FirstFeedPage => {
  const { data } = feedReply(1, 3, 7);
  return { list: data.list, page: 1, size: 3, hasMore: true };
};

describe("ArticleFeed (home feed, infinite scroll)", () => {
  it("loads the next page as the end of the list comes near, until there is no more", async () => {
    renderFeed(firstPage());
    expect(await screen.findByText("第3篇文章")).toBeTruthy();
    await scrollToEnd();
    expect(await screen.findByText("第6篇文章")).toBeTruthy();
    expect(requested.filter((r) => r.includes("getFeed"))).toEqual([feedPath(2, 3)]);
    await scrollToEnd();
    expect(await screen.findByText("第7篇文章")).toBeTruthy();
    expect(await screen.findByText("没有更多了")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "加载更多" })).toBeNull();
    expect(screen.getAllByRole("heading", { level: 3 })).toHaveLength(7);
  });

  it("offers a retry when a page fails, and does not load it again by itself", async () => {
    renderFeed(firstPage());
    await screen.findByText("第3篇文章");
    failNext = true;
    await scrollToEnd();
    const retry = await screen.findByRole("button", { name: "加载失败，点击重试" });
    // Nothing watches the scroll while the failure shows: only the tap loads again.
    expect(observers.some((o) => !o.disconnected)).toBe(false);
    fireEvent.click(retry);
    expect(await screen.findByText("第4篇文章")).toBeTruthy();
  });

  it("loads on a tap of 加载更多 where the browser cannot observe the scroll", async () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    renderFeed(firstPage());
    fireEvent.click(await screen.findByRole("button", { name: "加载更多" }));
    expect(await screen.findByText("第6篇文章")).toBeTruthy();
  });

  it("shows one page without a button or end line when everything fits on it", async () => {
    const { data } = feedReply(1, 50, 7);
    renderFeed({ list: data.list, page: 1, size: 50, hasMore: false });
    expect(await screen.findByText("第7篇文章")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByText("没有更多了")).toBeNull();
  });

  it("pages another list by its own path, with covers, and says when a list is empty", async () => {
    const hubPath = (page: number, size: number) =>
      `/api/m/article/v1/n/list/cn/war/${page}/${size}?sort=hot`;
    fetchReply = (url) => {
      const match = /list\/cn\/war\/(\d+)\/(\d+)\?sort=hot$/.exec(url);
      if (!match) return null;
      const reply = feedReply(Number(match[1]), Number(match[2]), 5);
      const list = reply.data.list.map((a) => ({ ...a, imageUrl: `/media/cover/${a.id}.svg` }));
      return { ...reply, data: { ...reply.data, list } };
    };
    const { data } = feedReply(1, 3, 5);
    const first = {
      list: data.list.map((a) => ({ ...a, imageUrl: `/media/cover/${a.id}.svg` })),
      page: 1,
      size: 3,
      hasMore: true,
    };
    renderFeed(first, { pagePath: hubPath, covers: true });
    await scrollToEnd();
    expect(await screen.findByText("第5篇文章")).toBeTruthy();
    expect(requested).toContain(hubPath(2, 3));
    expect(screen.getAllByRole("img")).toHaveLength(5);
    expect(screen.getAllByRole("img")[4]?.getAttribute("alt")).toBe("第5篇文章（示意封面）");
    cleanup();
    renderFeed({ list: [], page: 1, size: 10, hasMore: false }, { empty: "“战争”栏目还没有文章" });
    expect(await screen.findByText("“战争”栏目还没有文章")).toBeTruthy();
  });
});
