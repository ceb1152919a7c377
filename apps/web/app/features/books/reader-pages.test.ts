import { describe, expect, it } from "vitest";
import {
  FETCH_AHEAD_PAGES,
  type Fragment,
  fetchNextAhead,
  keyTurn,
  leaveForChapter,
  offsetToPlace,
  pageCount,
  pageOfLeft,
  pageOfPlace,
  paragraphWeights,
  parseReaderMode,
  placeAtLine,
  placeOfPage,
  placeToOffset,
  READER_ENTRY_KEY,
  swipeTurn,
  takeChapterEntry,
  turnPage,
} from "./reader-pages.ts";

function memory() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

// A chapter laid out on 375 px pages: the boxes of five paragraphs, as Chromium gives them for a
// multi-column text (one box per column a paragraph runs through; lefts relative to the text).
const geometry = { origin: 20, pitch: 375 };
const col = (page: number) => geometry.origin + page * geometry.pitch;
const chapter: Fragment[][] = [
  [{ left: col(0), top: 90, height: 300 }],
  [
    { left: col(0), top: 415, height: 185 },
    { left: col(1), top: 0, height: 137 },
  ],
  [{ left: col(1), top: 155, height: 308 }],
  [
    { left: col(1), top: 480, height: 120 },
    { left: col(2), top: 0, height: 200 },
    { left: col(3), top: 0, height: 80 },
  ],
  [{ left: col(3), top: 100, height: 60 }],
];

describe("a place and its saved offset", () => {
  const weights = paragraphWeights([
    "学而时习之",
    "不亦说乎有朋自远方来",
    "不亦乐乎",
    "人不知而不愠",
    "",
  ]);

  it("weighs paragraphs by characters, at least one each", () => {
    expect(weights).toEqual([5, 10, 4, 6, 1]);
  });

  it("is the share of the chapter's characters before the place, rounded up to 0.00001", () => {
    expect(placeToOffset(weights, { paragraph: 0, within: 0 })).toBe(0);
    // 5 + 10 characters of 26 come before the third paragraph: 0.576923… rounds up.
    expect(placeToOffset(weights, { paragraph: 2, within: 0 })).toBe(0.57693);
    expect(placeToOffset(weights, { paragraph: 1, within: 0.5 })).toBe(0.38462);
    expect(placeToOffset(weights, { paragraph: 1, within: 0 })).toBe(0.19231);
    expect(placeToOffset(weights, { paragraph: 4, within: 1 })).toBe(1);
    expect(placeToOffset([], { paragraph: 0, within: 0 })).toBe(0);
  });

  it("reads back to the same paragraph, never the one before, for every paragraph start", () => {
    const long = paragraphWeights(Array.from({ length: 60 }, (_, i) => "字".repeat(20 + i * 7)));
    for (let i = 0; i < long.length; i++) {
      const back = offsetToPlace(long, placeToOffset(long, { paragraph: i, within: 0 }));
      expect(back.paragraph).toBe(i);
      expect(back.within).toBeLessThan(0.01);
    }
  });

  it("keeps a place inside a paragraph to within the stored precision", () => {
    const place = offsetToPlace(weights, placeToOffset(weights, { paragraph: 3, within: 0.5 }));
    expect(place.paragraph).toBe(3);
    expect(place.within).toBeCloseTo(0.5, 1);
  });

  it("takes out-of-range offsets to the chapter's start or end", () => {
    expect(offsetToPlace(weights, -1)).toEqual({ paragraph: 0, within: 0 });
    expect(offsetToPlace(weights, Number.NaN)).toEqual({ paragraph: 0, within: 0 });
    expect(offsetToPlace(weights, 2)).toEqual({ paragraph: 4, within: 1 });
    expect(offsetToPlace([], 0.5)).toEqual({ paragraph: 0, within: 0 });
  });
});

describe("pages of a multi-column chapter", () => {
  it("puts a box on the page of its column, and counts pages to the last box", () => {
    expect(pageOfLeft(col(0), geometry)).toBe(0);
    expect(pageOfLeft(col(2) + 0.4, geometry)).toBe(2);
    // A page moved off to the left (the text's own left moves with it) still counts from 0.
    expect(pageOfLeft(col(0) - 3, geometry)).toBe(0);
    expect(pageCount(chapter.at(-1)?.at(-1), geometry)).toBe(4);
    expect(pageCount(undefined, geometry)).toBe(1);
    expect(pageOfLeft(100, { origin: 0, pitch: 0 })).toBe(0);
  });

  it("finds the page of a place within a paragraph that runs over pages", () => {
    expect(pageOfPlace(chapter, { paragraph: 0, within: 0 }, geometry)).toBe(0);
    // Paragraph 3 is 400 px tall over pages 1, 2 and 3 (120 + 200 + 80).
    expect(pageOfPlace(chapter, { paragraph: 3, within: 0.1 }, geometry)).toBe(1);
    expect(pageOfPlace(chapter, { paragraph: 3, within: 0.3 }, geometry)).toBe(2);
    expect(pageOfPlace(chapter, { paragraph: 3, within: 0.79 }, geometry)).toBe(2);
    expect(pageOfPlace(chapter, { paragraph: 3, within: 0.8 }, geometry)).toBe(3);
    expect(pageOfPlace(chapter, { paragraph: 4, within: 1 }, geometry)).toBe(3);
    expect(pageOfPlace(chapter, { paragraph: 99, within: 0 }, geometry)).toBe(3);
    expect(pageOfPlace([], { paragraph: 0, within: 0 }, geometry)).toBe(0);
  });

  it("starts each page where its first box starts", () => {
    expect(placeOfPage(chapter, 0, geometry)).toEqual({ paragraph: 0, within: 0 });
    expect(placeOfPage(chapter, 1, geometry)).toEqual({ paragraph: 1, within: 185 / 322 });
    expect(placeOfPage(chapter, 2, geometry)).toEqual({ paragraph: 3, within: 120 / 400 });
    expect(placeOfPage(chapter, 3, geometry)).toEqual({ paragraph: 3, within: 320 / 400 });
  });

  it("opens every page again from the offset saved for it", () => {
    const weights = [300, 322, 308, 400, 60];
    for (let page = 0; page < 4; page++) {
      const offset = placeToOffset(weights, placeOfPage(chapter, page, geometry));
      expect(pageOfPlace(chapter, offsetToPlace(weights, offset), geometry)).toBe(page);
    }
  });
});

describe("the place while scrolling", () => {
  const boxes: Fragment[] = [
    { left: 0, top: 150, height: 100 },
    { left: 0, top: 260, height: 200 },
    { left: 0, top: 470, height: 50 },
  ];
  it("is the first paragraph reaching below the reading line, and how far the line is into it", () => {
    expect(placeAtLine(boxes, 100)).toEqual({ paragraph: 0, within: 0 });
    expect(placeAtLine(boxes, 200)).toEqual({ paragraph: 0, within: 0.5 });
    // In the margin between two paragraphs: the start of the next.
    expect(placeAtLine(boxes, 255)).toEqual({ paragraph: 1, within: 0 });
    expect(placeAtLine(boxes, 410)).toEqual({ paragraph: 1, within: 0.75 });
    expect(placeAtLine(boxes, 900)).toEqual({ paragraph: 2, within: 1 });
  });
});

describe("turning pages", () => {
  const both = { prev: true, next: true };
  it("goes page by page inside a chapter", () => {
    expect(turnPage(0, 12, 1, both)).toEqual({ kind: "page", page: 1 });
    expect(turnPage(5, 12, -1, both)).toEqual({ kind: "page", page: 4 });
  });

  it("crosses into the next chapter after the last page and back before the first", () => {
    expect(turnPage(11, 12, 1, both)).toEqual({ kind: "chapter", to: "next" });
    expect(turnPage(0, 12, -1, both)).toEqual({ kind: "chapter", to: "prev" });
    expect(turnPage(0, 1, 1, both)).toEqual({ kind: "chapter", to: "next" });
  });

  it("stops at the book's first and last pages", () => {
    expect(turnPage(11, 12, 1, { prev: true, next: false })).toEqual({ kind: "end", at: "last" });
    expect(turnPage(0, 12, -1, { prev: false, next: true })).toEqual({ kind: "end", at: "first" });
  });

  it("treats a page past the end (the text shrank) as the last", () => {
    expect(turnPage(20, 12, -1, both)).toEqual({ kind: "page", page: 10 });
  });

  it("reads arrows, PageUp/PageDown and the space bar, and leaves other keys alone", () => {
    expect(keyTurn("ArrowRight", false)).toBe(1);
    expect(keyTurn("ArrowDown", false)).toBe(1);
    expect(keyTurn("PageDown", false)).toBe(1);
    expect(keyTurn("ArrowLeft", false)).toBe(-1);
    expect(keyTurn("ArrowUp", false)).toBe(-1);
    expect(keyTurn("PageUp", false)).toBe(-1);
    expect(keyTurn(" ", false)).toBe(1);
    expect(keyTurn(" ", true)).toBe(-1);
    expect(keyTurn("Enter", false)).toBeNull();
    expect(keyTurn("a", false)).toBeNull();
  });

  it("turns on a long, mostly horizontal swipe: leftwards is forwards", () => {
    expect(swipeTurn(-80, 10)).toBe(1);
    expect(swipeTurn(80, -10)).toBe(-1);
    expect(swipeTurn(-30, 0)).toBeNull();
    expect(swipeTurn(-80, 70)).toBeNull();
  });
});

describe("fetching the next chapter ahead", () => {
  it("asks for it on the chapter's last two pages, not before", () => {
    expect(FETCH_AHEAD_PAGES).toBe(2);
    expect(fetchNextAhead(0, 6, true)).toBe(false);
    expect(fetchNextAhead(3, 6, true)).toBe(false);
    expect(fetchNextAhead(4, 6, true)).toBe(true);
    expect(fetchNextAhead(5, 6, true)).toBe(true);
  });

  it("asks at once for a chapter of one or two pages", () => {
    expect(fetchNextAhead(0, 1, true)).toBe(true);
    expect(fetchNextAhead(0, 2, true)).toBe(true);
    expect(fetchNextAhead(0, 0, true)).toBe(true);
  });

  it("never asks when there is no next chapter", () => {
    expect(fetchNextAhead(5, 6, false)).toBe(false);
    expect(fetchNextAhead(0, 1, false)).toBe(false);
  });
});

describe("the reader's settings and chapter entries", () => {
  it("reads the mode, scrolling unless 翻页 was chosen", () => {
    expect(parseReaderMode("paged")).toBe("paged");
    expect(parseReaderMode("scroll")).toBe("scroll");
    expect(parseReaderMode(null)).toBe("scroll");
    expect(parseReaderMode("sideways")).toBe("scroll");
  });

  it("opens the chapter a page turn went to at its start or end, once", () => {
    const store = memory();
    leaveForChapter(store, { book: "lunyu", position: 2, offset: 1 });
    expect(takeChapterEntry(store, "lunyu", 2)).toBe(1);
    expect(takeChapterEntry(store, "lunyu", 2)).toBeNull();
  });

  it("ignores an entry for another chapter or book, and clears it", () => {
    const store = memory();
    leaveForChapter(store, { book: "lunyu", position: 3, offset: 0 });
    expect(takeChapterEntry(store, "lunyu", 2)).toBeNull();
    expect(store.map.has(READER_ENTRY_KEY)).toBe(false);
    leaveForChapter(store, { book: "mengzi", position: 2, offset: 0 });
    expect(takeChapterEntry(store, "lunyu", 2)).toBeNull();
    store.setItem(READER_ENTRY_KEY, "{not json");
    expect(takeChapterEntry(store, "lunyu", 2)).toBeNull();
    expect(takeChapterEntry(null, "lunyu", 2)).toBeNull();
  });
});
