// @vitest-environment happy-dom

import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { parseAppEnv } from "@tongjian/domain/app-env";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SAFARI_UA, type StubbedApi, stubApi, Where } from "../../shell/api-test-stub.tsx";
import { PlatformProvider } from "../../shell/platform.tsx";
import { FollowButton } from "./follow-button.tsx";

const USER = "a".repeat(24);

/** What the next call answers, and the bodies the calls were sent. */
const api: StubbedApi = { reply: { status: 200, body: null }, sent: [] };
const { sent } = api;

beforeEach(() => {
  stubApi(api);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The button as a profile renders it; the loader hands it the test's props. */
function Profile() {
  const { following, onChange } = useLoaderData<{
    following: boolean;
    onChange: () => void;
  }>();
  return (
    <PlatformProvider env={parseAppEnv(SAFARI_UA)}>
      <FollowButton userId={USER} name="司马光" following={following} onChange={onChange} />
      <Where />
    </PlatformProvider>
  );
}

function renderButton(following: boolean, onChange = vi.fn()) {
  const Stub = createRoutesStub([
    { path: "/my", Component: Profile, loader: () => ({ following, onChange }) },
    { path: "/login", Component: Where },
  ]);
  render(<Stub initialEntries={[`/my?userId=${USER}`]} />);
  return onChange;
}

const button = () => screen.getByTestId("follow-button");

describe("FollowButton", () => {
  it("follows, then unfollows, and reports the reader's new counts", async () => {
    api.reply = {
      status: 200,
      body: {
        code: 200,
        message: "",
        data: { userId: USER, following: true, followerNum: 3, followingNum: 1 },
      },
    };
    const onChange = renderButton(false);
    expect((await screen.findByTestId("follow-button")).getAttribute("aria-label")).toBe(
      "关注司马光",
    );
    fireEvent.click(await screen.findByTestId("follow-button"));
    await vi.waitFor(() => expect(button().getAttribute("aria-pressed")).toBe("true"));
    expect(button().textContent).toBe("已关注");
    expect(sent[0]).toMatchObject({ userId: USER, action: "follow" });
    expect(onChange).toHaveBeenCalledWith({
      userId: USER,
      following: true,
      followerNum: 3,
      followingNum: 1,
    });

    api.reply = {
      status: 200,
      body: {
        code: 200,
        message: "",
        data: { userId: USER, following: false, followerNum: 2, followingNum: 1 },
      },
    };
    fireEvent.click(await screen.findByTestId("follow-button"));
    await vi.waitFor(() => expect(button().getAttribute("aria-pressed")).toBe("false"));
    expect(sent[1]).toMatchObject({ action: "unfollow" });
  });

  it("sends a reader without an account to /login, asking for one, and back", async () => {
    api.reply = { status: 401, body: { code: 600, message: "请先登录后再关注", data: null } };
    renderButton(false);
    fireEvent.click(await screen.findByTestId("follow-button"));
    await vi.waitFor(() =>
      expect(screen.getByTestId("where").textContent).toBe(
        `/login?redirect=${encodeURIComponent(`/my?userId=${USER}`)}&need=user`,
      ),
    );
  });

  it("says why a follow failed and keeps the button as it was", async () => {
    api.reply = {
      status: 429,
      body: { code: 429, message: "关注操作过于频繁，请稍后再试", data: null },
    };
    renderButton(true);
    fireEvent.click(await screen.findByTestId("follow-button"));
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      "关注操作过于频繁，请稍后再试",
    );
    expect(button().getAttribute("aria-pressed")).toBe("true");
  });
});
