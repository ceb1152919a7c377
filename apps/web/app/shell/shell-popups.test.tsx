// @vitest-environment happy-dom

import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { parseAppEnv } from "@tongjian/domain/app-env";
import { useEffect } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { PlatformProvider } from "./platform.tsx";
import { DOWNLOAD_DEFAULT_TEXT, ShellPopupsProvider, useShellPopups } from "./shell-popups.tsx";

const IOS_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

type Popups = ReturnType<typeof useShellPopups>;

let current: Popups | null = null;
let layerEnabled = true;

function Page() {
  const api = useShellPopups();
  useEffect(() => {
    current = api;
  }, [api]);
  return <p>页面内容</p>;
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

const Stub = createRoutesStub([{ path: "/", Component: ShellRoute }]);

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

afterEach(cleanup);

describe("shell pop-ups (spec §2 Pop-ups, §4)", () => {
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
    const sheet = screen.getByRole("dialog", { name: "官渡之战" });
    expect(sheet.textContent).toContain("曹操 ⇄ 袁绍：对手");
    expect(sheet.textContent).toContain("200年 · 官渡");
    const desc = sheet.querySelector(".tj-sheet__desc") as HTMLElement;
    expect(desc.style.maxHeight).toBe("300px");
    fireEvent.click(screen.getByTestId("toast-layer"));
    expect(screen.queryByRole("dialog", { name: "官渡之战" })).toBeNull();
  });

  it("resolves the confirm dialog with the reader's choice", async () => {
    const popups = await renderPopups();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = popups().confirm({ title: "退出答题？", content: "进度不会保存" });
    });
    fireEvent.click(screen.getByRole("button", { name: "确定" }));
    await expect(answer).resolves.toBe(true);
    act(() => {
      answer = popups().confirm({ title: "退出答题？", content: "进度不会保存" });
    });
    fireEvent.click(screen.getByRole("button", { name: "取消" }));
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("shows and hides the loading pop-up", async () => {
    const popups = await renderPopups();
    act(() => popups().setLoading(true));
    expect(screen.getByRole("status").textContent).toContain("加载中…");
    act(() => popups().setLoading(false));
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("without the option flag the download prompt has one acknowledge button and the default text", async () => {
    const popups = await renderPopups();
    act(() => popups().showDownload());
    const prompt = screen.getByRole("dialog", { name: "打开App" });
    expect(prompt.textContent).toContain(DOWNLOAD_DEFAULT_TEXT);
    expect(prompt.className).toContain("tj-download-popup--white");
    expect(screen.queryByRole("button", { name: "前往" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "我知道了" }));
    expect(screen.queryByRole("dialog", { name: "打开App" })).toBeNull();
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
    expect(screen.getByRole("dialog", { name: "打开App" }).textContent).toContain(
      "在App中查看家族图谱",
    );
    expect(screen.getByRole("button", { name: "前往" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "取消" }));
    expect(cancelled).toBe(1);
    expect(screen.queryByRole("dialog", { name: "打开App" })).toBeNull();
  });

  it("shows nothing in the black layout", async () => {
    const popups = await renderPopups(false);
    act(() => {
      popups().showDownload();
      popups().setLoading(true);
    });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
  });
});
