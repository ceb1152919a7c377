// @vitest-environment happy-dom

import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { EntryRelation, TimelineEvent } from "@tongjian/contracts/content";
import { parseAppEnv } from "@tongjian/domain/app-env";
import {
  previewRelationGroups,
  RELATION_PREVIEW_COUNT,
  relationGroup,
  TIMELINE_PREVIEW_COUNT,
} from "@tongjian/domain/relation-groups";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PlatformProvider } from "../../shell/platform.tsx";
import { EntryRelations, shownRelation } from "./entry-relations.tsx";
import { EntryTimeline } from "./entry-timeline.tsx";

const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const ENTRY = "a".repeat(24);

function relation(type: string, n: number): EntryRelation {
  const id = n.toString(16).padStart(24, "0");
  return {
    type,
    group: relationGroup(type, "person"),
    label: type,
    direction: "twoway",
    note: null,
    year: null,
    relationId: `r${n}`,
    desc: null,
    place: null,
    item: {
      id,
      kind: "person",
      name: `人物${n}`,
      summary: "很长的简介，不随页面发送。",
      timeDesc: null,
      imageUrl: "",
    } as EntryRelation["item"],
  };
}

/** An entry with 10 ministers and one son. */
const RELATIONS = [
  ...Array.from({ length: 10 }, (_, i) => relation("君臣", i + 1)),
  relation("父子", 99),
];
const EVENTS: TimelineEvent[] = Array.from({ length: 12 }, (_, i) => ({
  year: -140 + i,
  timeDesc: `前${140 - i}年`,
  title: `第${i + 1}件事`,
  desc: "事".repeat(100),
  itemId: null,
}));

let fail = 0;
const requested: string[] = [];
beforeEach(() => {
  fail = 0;
  requested.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      requested.push(input);
      if (fail > 0) {
        fail--;
        return new Response("busy", { status: 503 });
      }
      const data = input.includes("/api/item/relation/")
        ? { center: RELATIONS[0]?.item, relations: RELATIONS }
        : { id: ENTRY, name: "汉武帝", list: EVENTS };
      return new Response(JSON.stringify({ code: 200, message: "success", data }));
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** What the test's page shows inside the platform (set by renderPage). */
let pageChildren: ReactNode = null;
function Page() {
  return <PlatformProvider env={parseAppEnv(SAFARI)}>{pageChildren}</PlatformProvider>;
}

function renderPage(children: ReactNode) {
  pageChildren = children;
  const Stub = createRoutesStub([{ path: "/", Component: Page }]);
  render(<Stub initialEntries={["/"]} />);
}

describe("an entry's relations, shipped as previews", () => {
  it("shows each group's preview and size, and fetches the rest once on 查看全部", async () => {
    const groups = previewRelationGroups(RELATIONS.map(shownRelation), false);
    expect(groups.flatMap((g) => g.items)).toHaveLength(RELATION_PREVIEW_COUNT + 1);
    renderPage(<EntryRelations entryId={ENTRY} groups={groups} expanded={false} />);
    expect(await screen.findByText("人物6")).toBeTruthy();
    expect(screen.queryByText("人物7")).toBeNull();
    // The son's group is whole: it has no button, and nothing was fetched.
    expect(screen.getAllByRole("button")).toHaveLength(1);
    expect(requested).toEqual([]);

    fail = 1;
    fireEvent.click(screen.getByRole("button", { name: "查看全部（10）" }));
    fireEvent.click(await screen.findByRole("button", { name: "加载失败，点击重试" }));
    expect(await screen.findByText("人物10")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
    expect(requested).toEqual([`/api/item/relation/cn/${ENTRY}`, `/api/item/relation/cn/${ENTRY}`]);
  });

  it("opens every group without a fetch when the page shipped them whole", async () => {
    const groups = previewRelationGroups(RELATIONS.map(shownRelation), true);
    renderPage(<EntryRelations entryId={ENTRY} groups={groups} expanded />);
    expect(await screen.findByText("人物10")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
    expect(requested).toEqual([]);
  });
});

describe("an entry's timeline, shipped as a preview", () => {
  it("fetches the rest on 查看全部", async () => {
    const first = EVENTS.slice(0, TIMELINE_PREVIEW_COUNT);
    renderPage(
      <EntryTimeline entryId={ENTRY} list={first} total={EVENTS.length} expanded={false} />,
    );
    expect(await screen.findByText(`第${TIMELINE_PREVIEW_COUNT}件事`)).toBeTruthy();
    expect(screen.queryByText(`第${TIMELINE_PREVIEW_COUNT + 1}件事`)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: `查看全部（${EVENTS.length}）` }));
    expect(await screen.findByText("第12件事")).toBeTruthy();
    expect(requested).toEqual([`/api/item/timeline/cn/${ENTRY}`]);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("opens a whole list without fetching", async () => {
    renderPage(<EntryTimeline list={EVENTS} expanded={false} />);
    fireEvent.click(await screen.findByRole("button", { name: "查看全部（12）" }));
    expect(await screen.findByText("第12件事")).toBeTruthy();
    expect(requested).toEqual([]);
  });
});
