import { describe, expect, it } from "vitest";
import {
  FEED_PAGE_DEFAULT,
  FEED_PAGE_SIZE_DEFAULT,
  HOT_BOARD_PAGE_SIZE,
  RECOMMEND_COUNT_DEFAULT,
  TOP_LIST_PAGE_SIZE,
} from "./page-size.ts";

describe("page sizes", () => {
  it("match spec §7 and §9", () => {
    expect(FEED_PAGE_DEFAULT).toBe(1);
    expect(FEED_PAGE_SIZE_DEFAULT).toBe(50);
    expect(HOT_BOARD_PAGE_SIZE).toBe(10);
    expect(RECOMMEND_COUNT_DEFAULT).toBe(10);
    expect(TOP_LIST_PAGE_SIZE).toBe(10);
  });
});
