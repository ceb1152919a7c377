// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./root.tsx";

afterEach(cleanup);

// The pages below never render: their loaders fail first.
function Nothing() {
  return null;
}

describe("error page (spec §8)", () => {
  it("when the error page itself fails, shows the failure text with a link home", () => {
    // Outside a router the error screen cannot read the route error and throws while rendering.
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    render(<ErrorBoundary />);
    quiet.mockRestore();
    expect(screen.getByRole("heading").textContent).toBe("显示错误页面时出错了");
    expect(screen.getByRole("link", { name: "返回首页" }).getAttribute("href")).toBe("/");
  });

  it("shows the message with status 500 for an unknown error, and a route error's own status", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const Stub = createRoutesStub([
      {
        path: "/broken",
        Component: Nothing,
        ErrorBoundary,
        loader: () => {
          throw new Error("数据暂时取不到");
        },
      },
      {
        path: "/locked",
        Component: Nothing,
        ErrorBoundary,
        loader: () => {
          throw data("这一页只对会员开放", { status: 403 });
        },
      },
    ]);
    render(<Stub initialEntries={["/broken"]} />);
    const broken = await screen.findByRole("heading", { name: "数据暂时取不到" });
    expect(broken.closest("main")?.getAttribute("data-status")).toBe("500");
    cleanup();
    render(<Stub initialEntries={["/locked"]} />);
    const locked = await screen.findByRole("heading", { name: "这一页只对会员开放" });
    expect(locked.closest("main")?.getAttribute("data-status")).toBe("403");
    quiet.mockRestore();
  });
});
