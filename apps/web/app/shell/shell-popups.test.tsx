// @vitest-environment happy-dom

import {
  act,
  cleanup,
  fireEvent,
  render,
  screen,
  waitFor,
  waitForElementToBeRemoved,
} from "@testing-library/react";
import { parseAppEnv } from "@tongjian/domain/app-env";
import { useEffect } from "react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { PlatformProvider } from "./platform.tsx";
import { DETAIL_ERROR_HINT, DETAIL_ERROR_TEXT } from "./popup-layers.tsx";
import { DOWNLOAD_DEFAULT_TEXT, ShellPopupsProvider, useShellPopups } from "./shell-popups.tsx";

const IOS_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const ENTRY_ID = "a57161b8b95589877d1e7651";

type Popups = ReturnType<typeof useShellPopups>;

let current: Popups | null = null;
let layerEnabled = true;

function Page() {
  const api = useShellPopups();
  const { pathname, search } = useLocation();
  useEffect(() => {
    current = api;
  }, [api]);
  return (
    <p>
      页面内容 <span data-testid="location">{pathname + search}</span>
    </p>
  );
}

function ShellRoute() {
  return (
    <PlatformProvider env={parseAppEnv(IOS_SAFARI)}>
      <ShellPopupsProvider enabled={layerEnabled}>
        <Page />
      </ShellPopupsProvider>
    </PlatformProvider>
  );
}

// One route for every path, as the root route in the app: the provider stays mounted.
const Stub = createRoutesStub([{ path: "*", Component: ShellRoute }]);

/** Renders the pop-up layer inside the platform and a router, and hands back its API. */
async function renderPopups(enabled = true): Promise<() => Popups> {
  current = null;
  layerEnabled = enabled;
  render(<Stub initialEntries={["/"]} />);
  await screen.findByText("页面内容");
  return () => {
    if (!current) throw new Error("pop-ups not ready");
    return current;
  };
}

/** The entry-summary API answers with this envelope (null: the entry does not exist). */
let entrySummary: { name: string; summary: string; imageUrl: string | null } | null = null;

// The provider loads the layers on demand; a cold import under Vitest (antd-mobile and its
// dependencies transformed on the fly) can outlast findBy's wait, so they are warmed up once.
beforeAll(async () => {
  await Promise.all([
    import("./popup-layers.tsx"),
    import("./toast-sheet-layer.tsx"),
    import("./confirm-layer.tsx"),
  ]);
}, 30_000);

beforeEach(() => {
  entrySummary = null;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const body = String(url).startsWith("/api/item/intro/")
        ? entrySummary
          ? { code: 200, data: entrySummary }
          : { code: 600, message: "词条不存在", data: null }
        : { code: 200, data: null };
      return new Response(JSON.stringify(body), {
        headers: { "content-type": "application/json" },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The pop-ups animate out (antd-mobile); on a loaded machine that takes longer than the default
// second, so the checks wait for the layer to go rather than for a time.
const GONE = { timeout: 10_000 };

describe("shell pop-ups (spec §2 Pop-ups, §4)", () => {
  it("draws nothing of the pop-ups until one opens", async () => {
    await renderPopups();
    expect(document.querySelector("[class*=adm-]")).toBeNull();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the toast sheet with title, time and place, scrolls its text at 300 px and closes on a tap on its layer", async () => {
    const popups = await renderPopups();
    act(() =>
      popups().showToastSheet({
        type: "relation",
        name: "官渡之战",
        from: "曹操",
        to: "袁绍",
        relation: "对手",
        direction: "twoway",
        desc: "建安五年，两军相持于官渡。",
        time: "200年",
        position: "官渡",
      }),
    );
    const sheet = await screen.findByRole("dialog", { name: "官渡之战" });
    expect(sheet.textContent).toContain("曹操 ⇄ 袁绍：对手");
    expect(sheet.textContent).toContain("200年 · 官渡");
    const desc = sheet.querySelector(".tj-sheet__desc") as HTMLElement;
    expect(desc.style.maxHeight).toBe("300px");
    fireEvent.click(screen.getByTestId("toast-layer"));
    await waitForElementToBeRemoved(() => screen.queryByRole("dialog", { name: "官渡之战" }), GONE);
  });

  it("closes the toast sheet on Escape", async () => {
    const popups = await renderPopups();
    act(() => popups().showToastSheet({ type: "SUMMARY", name: "赤壁", desc: "火烧赤壁。" }));
    await screen.findByRole("dialog", { name: "赤壁" });
    fireEvent.keyDown(document, { key: "Escape" });
    await waitForElementToBeRemoved(() => screen.queryByRole("dialog", { name: "赤壁" }), GONE);
  });

  it("resolves the confirm dialog with the reader's choice", async () => {
    const popups = await renderPopups();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = popups().confirm({ title: "退出答题？", content: "进度不会保存" });
    });
    const dialog = await screen.findByRole("dialog", { name: "退出答题？" });
    expect(dialog.textContent).toContain("进度不会保存");
    fireEvent.click(screen.getByRole("button", { name: "确定" }));
    await expect(answer).resolves.toBe(true);
    await waitForElementToBeRemoved(
      () => screen.queryByRole("dialog", { name: "退出答题？" }),
      GONE,
    );
    act(() => {
      answer = popups().confirm({
        title: "退出答题？",
        content: "进度不会保存",
        cancelText: "继续答题",
      });
    });
    fireEvent.click(await screen.findByRole("button", { name: "继续答题" }));
    await expect(answer).resolves.toBe(false);
    await waitForElementToBeRemoved(
      () => screen.queryByRole("dialog", { name: "退出答题？" }),
      GONE,
    );
  });

  it("shows and hides the loading pop-up", async () => {
    const popups = await renderPopups();
    act(() => popups().setLoading(true));
    expect((await screen.findByRole("status")).textContent).toContain("加载中…");
    act(() => popups().setLoading(false));
    await waitForElementToBeRemoved(() => screen.queryByRole("status"), GONE);
  });

  it("without the option flag the download prompt has one acknowledge button and the default text", async () => {
    const popups = await renderPopups();
    act(() => popups().showDownload());
    const prompt = await screen.findByRole("dialog", { name: "打开App" });
    expect(prompt.textContent).toContain(DOWNLOAD_DEFAULT_TEXT);
    expect(prompt.className).toContain("tj-download-popup--white");
    expect(screen.queryByRole("button", { name: "前往" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "我知道了" }));
    await waitForElementToBeRemoved(() => screen.queryByRole("dialog", { name: "打开App" }), GONE);
  });

  it("with the option flag it offers cancel (calling onCancel) and go, with the given text", async () => {
    const popups = await renderPopups();
    let cancelled = 0;
    act(() =>
      popups().showDownload({
        option: true,
        text: "在App中查看家族图谱",
        onCancel: () => {
          cancelled += 1;
        },
      }),
    );
    expect((await screen.findByRole("dialog", { name: "打开App" })).textContent).toContain(
      "在App中查看家族图谱",
    );
    expect(screen.getByRole("button", { name: "前往" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "取消" }));
    expect(cancelled).toBe(1);
    await waitForElementToBeRemoved(() => screen.queryByRole("dialog", { name: "打开App" }), GONE);
  });

  it("opens the entry summary loading, then shows it; 查看详情 goes to the entry with seeMore", async () => {
    entrySummary = { name: "曹操", summary: "东汉末年政治家。", imageUrl: null };
    const popups = await renderPopups();
    act(() => popups().openDetail(ENTRY_ID));
    const popup = await screen.findByRole("dialog", { name: "词条摘要" });
    expect(popup.getAttribute("data-state")).toBe("loading");
    expect(screen.getByRole("status", { name: "加载中" })).toBeTruthy();
    await waitFor(() => expect(popup.getAttribute("data-state")).toBe("success"));
    expect(popup.querySelector(".tj-detail-popup__title")?.textContent).toBe("曹操");
    expect(popup.textContent).toContain("东汉末年政治家。");
    fireEvent.click(screen.getByRole("button", { name: "查看详情" }));
    await waitFor(() =>
      expect(screen.getByTestId("location").textContent).toBe(`/detail/${ENTRY_ID}?seeMore=1`),
    );
    await waitForElementToBeRemoved(() => screen.queryByRole("dialog", { name: "词条摘要" }), GONE);
  });

  it("shows the failure text for an entry that does not exist, and closes on Escape", async () => {
    const popups = await renderPopups();
    act(() => popups().openDetail(ENTRY_ID));
    const popup = await screen.findByRole("dialog", { name: "词条摘要" });
    await waitFor(() => expect(popup.getAttribute("data-state")).toBe("error"));
    expect(popup.textContent).toContain(DETAIL_ERROR_TEXT);
    expect(popup.textContent).toContain(DETAIL_ERROR_HINT);
    fireEvent.keyDown(document, { key: "Escape" });
    await waitForElementToBeRemoved(() => screen.queryByRole("dialog", { name: "词条摘要" }), GONE);
  });

  it("shows the open-in-browser hint and closes it on a tap", async () => {
    const popups = await renderPopups();
    act(() => popups().showBrowserHint());
    const hint = await screen.findByTestId("browser-hint");
    expect(hint.textContent).toContain("在浏览器中打开");
    fireEvent.click(hint);
    await waitForElementToBeRemoved(() => screen.queryByTestId("browser-hint"), GONE);
  });

  it("shows nothing in the black layout", async () => {
    const popups = await renderPopups(false);
    act(() => {
      popups().showDownload();
      popups().setLoading(true);
    });
    // Give the layers' chunk every chance to load: it must not.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
    expect(document.querySelector("[class*=adm-]")).toBeNull();
  });
});
