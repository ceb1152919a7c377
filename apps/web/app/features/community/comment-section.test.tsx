// @vitest-environment happy-dom

import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { Comment, CommentList } from "@tongjian/contracts/community";
import { parseAppEnv } from "@tongjian/domain/app-env";
import { createRoutesStub, useParams } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SAFARI_UA, type StubbedApi, stubApi, Where } from "../../shell/api-test-stub.tsx";
import { PlatformProvider } from "../../shell/platform.tsx";
import { CommentSection } from "./comment-section.tsx";
import { commentDraftKey, readDraft } from "./composer-draft.ts";

const POST = "p".repeat(24);
const OTHER_POST = "q".repeat(24);
const TEXT = "司马光此论，可谓知人。";

const FIRST: CommentList = { page: 1, size: 20, total: 0, hasMore: false, list: [] };
const COMMENT: Comment = {
  id: "c".repeat(24),
  author: { id: "a".repeat(24), name: "读史人", avatar: null },
  body: [{ kind: "text", text: TEXT }],
  createdAt: new Date().toISOString(),
};

/** What the next call answers, and the bodies the calls were sent. */
const api: StubbedApi = { reply: { status: 200, body: null }, sent: [] };
const { sent } = api;

beforeEach(() => {
  localStorage.clear();
  stubApi(api);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A post's page with only its comments. */
function Page() {
  const { id = "" } = useParams();
  return (
    <PlatformProvider env={parseAppEnv(SAFARI_UA)}>
      <CommentSection postId={id} first={FIRST} open />
      <Where />
    </PlatformProvider>
  );
}

function renderPost(postId = POST) {
  const Stub = createRoutesStub([
    { path: "/post/:id", Component: Page },
    { path: "/login", Component: Where },
  ]);
  render(<Stub initialEntries={[`/post/${postId}`]} />);
}

const box = async () => (await screen.findByRole("textbox")) as HTMLTextAreaElement;
const send = async () => fireEvent.click(await screen.findByRole("button", { name: "发表评论" }));

describe("a comment's draft on the device", () => {
  it("keeps what is typed per post and puts it back when the post opens again", async () => {
    renderPost();
    fireEvent.change(await box(), { target: { value: TEXT } });
    expect(readDraft(commentDraftKey(POST))?.text).toBe(TEXT);
    cleanup();

    renderPost();
    await vi.waitFor(async () => expect((await box()).value).toBe(TEXT));
    expect(screen.getByRole("status").textContent).toBe("已恢复上次没有发出的评论");
    cleanup();

    // Another post has a draft of its own.
    renderPost(OTHER_POST);
    expect((await box()).value).toBe("");
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("survives a send that finds the session expired and goes to sign in", async () => {
    api.reply = { status: 401, body: { code: 600, message: "请先登录", data: null } };
    renderPost();
    fireEvent.change(await box(), { target: { value: TEXT } });
    await send();
    await vi.waitFor(() =>
      expect(screen.getByTestId("where").textContent).toBe(
        `/login?redirect=${encodeURIComponent(`/post/${POST}`)}&need=user`,
      ),
    );
    expect(sent[0]).toMatchObject({ postId: POST, text: TEXT });
    expect(readDraft(commentDraftKey(POST))?.text).toBe(TEXT);
    cleanup();

    // Back from signing in: the comment is there to send.
    renderPost();
    await vi.waitFor(async () => expect((await box()).value).toBe(TEXT));
  });

  it("drops the draft once the comment is sent", async () => {
    api.reply = { status: 200, body: { code: 200, message: "", data: COMMENT } };
    renderPost();
    fireEvent.change(await box(), { target: { value: TEXT } });
    await send();
    await vi.waitFor(async () => expect((await box()).value).toBe(""));
    expect(screen.getByText(TEXT)).toBeTruthy();
    expect(localStorage.getItem(commentDraftKey(POST))).toBeNull();
    cleanup();

    renderPost();
    expect((await box()).value).toBe("");
  });

  it("forgets the draft when the text is deleted", async () => {
    renderPost();
    fireEvent.change(await box(), { target: { value: TEXT } });
    fireEvent.change(await box(), { target: { value: "" } });
    expect(localStorage.getItem(commentDraftKey(POST))).toBeNull();
  });
});
