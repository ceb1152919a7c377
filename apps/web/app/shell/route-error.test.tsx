// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, data, useLoaderData } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RouteErrorState } from "./route-error.tsx";

afterEach(cleanup);

function Topic() {
  return <h1>{useLoaderData<string>()}</h1>;
}

describe("route error state", () => {
  it("shows the failure with its status and loads the data again on 重新加载", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    let calls = 0;
    const Stub = createRoutesStub([
      {
        path: "/insight",
        Component: Topic,
        ErrorBoundary: RouteErrorState,
        loader: () => {
          calls += 1;
          if (calls === 1) throw new Error("专题暂时取不到");
          return "唐朝为何由盛转衰";
        },
      },
    ]);
    render(<Stub initialEntries={["/insight"]} />);
    const heading = await screen.findByRole("heading", { name: "专题暂时取不到" });
    expect(heading.closest("main")?.getAttribute("data-status")).toBe("500");
    fireEvent.click(screen.getByRole("button", { name: "重新加载" }));
    expect(await screen.findByRole("heading", { name: "唐朝为何由盛转衰" })).toBeTruthy();
    expect(calls).toBe(2);
    quiet.mockRestore();
  });

  it("offers no retry for a missing page, only the way home", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const Stub = createRoutesStub([
      {
        path: "/insight",
        Component: Topic,
        ErrorBoundary: RouteErrorState,
        loader: () => {
          throw data("这个洞察专题不存在", { status: 404 });
        },
      },
    ]);
    render(<Stub initialEntries={["/insight"]} />);
    const heading = await screen.findByRole("heading", { name: "抱歉，页面找不到了" });
    expect(heading.closest("main")?.getAttribute("data-status")).toBe("404");
    expect(screen.queryByRole("button", { name: "重新加载" })).toBeNull();
    expect(screen.getByRole("link", { name: "返回首页" }).getAttribute("href")).toBe("/");
    quiet.mockRestore();
  });
});
