// @vitest-environment happy-dom

import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { EntryView } from "./entry-header.tsx";
import { EntryVerse } from "./entry-verse.tsx";

const LI_BAI_ID = "a".repeat(24);

function poem(
  factList: EntryView["factList"],
  lines: string[],
  reading: EntryView["verse"]["reading"] = null,
): EntryView {
  return {
    id: "b".repeat(24),
    type: "ENTRY",
    kind: "poem",
    name: "将进酒",
    summary: lines[0] ?? "",
    timeDesc: "唐",
    imageUrl: "",
    aliases: [],
    startYear: null,
    endYear: null,
    factList,
    verse: { lines, notes: [], reading },
    sources: [],
    member: false,
    locked: false,
    viewNumShow: "1",
    likeNum: 0,
  };
}

function Verse() {
  return <EntryVerse entry={useLoaderData<EntryView>()} />;
}

function renderVerse(entry: EntryView) {
  const Stub = createRoutesStub([{ path: "/", Component: Verse, loader: () => entry }]);
  render(<Stub initialEntries={["/"]} />);
}

afterEach(cleanup);

describe("EntryVerse", () => {
  it("shows the dynasty and a linked author, the collection with the 乐府 category, and the lines", async () => {
    renderVerse(
      poem(
        [
          { label: "作者", items: [{ name: "李白", id: LI_BAI_ID }] },
          { label: "朝代", items: [{ name: "唐" }] },
          { label: "出处", items: [{ name: "唐诗三百首" }] },
          { label: "乐府", items: [{ name: "鼓吹曲辞" }] },
        ],
        ["君不见黄河之水天上来，奔流到海不复回。", "君不见高堂明镜悲白发，朝如青丝暮成雪。"],
      ),
    );
    const author = await screen.findByRole("link", { name: "李白" });
    expect(author.getAttribute("href")).toBe(`/detail/${LI_BAI_ID}`);
    expect(screen.getByText("〔唐〕")).toBeTruthy();
    expect(screen.getByText("《唐诗三百首》 · 乐府·鼓吹曲辞")).toBeTruthy();
    expect(screen.getByText("君不见高堂明镜悲白发，朝如青丝暮成雪。")).toBeTruthy();
  });

  it("names the 词牌 after the collection, and says so when a text has no lines", async () => {
    renderVerse(
      poem(
        [
          { label: "作者", items: [{ name: "苏轼" }] },
          { label: "出处", items: [{ name: "宋词三百首" }] },
          { label: "词牌", items: [{ name: "水调歌头" }] },
        ],
        [],
      ),
    );
    expect(await screen.findByText("《宋词三百首》 · 水调歌头")).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByText("暂无正文")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "异文" })).toBeNull();
  });

  it("gives a poem in its common reading with a note on the imported words", async () => {
    const note = "底本作“床前看月光”“举头望山月”；选本作“明月光”“望明月”，今通行。";
    renderVerse(
      poem(
        [{ label: "作者", items: [{ name: "李白" }] }],
        ["床前明月光，疑是地上霜。", "举头望明月，低头思故乡。"],
        { note, base: ["床前看月光，疑是地上霜。", "举头望山月，低头思故乡。"] },
      ),
    );
    expect(await screen.findByText("床前明月光，疑是地上霜。")).toBeTruthy();
    const region = screen.getByRole("region", { name: "异文" });
    expect(region.textContent).toContain(note);
  });
});
