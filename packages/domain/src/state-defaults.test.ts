import { describe, expect, it } from "vitest";
import {
  ARTICLE_TYPE_DEFAULT,
  MAP_YEAR_DEFAULT,
  PLAYER_CURRENT_INDEX_DEFAULT,
} from "./state-defaults.ts";

describe("state defaults", () => {
  it("match spec §9", () => {
    expect(MAP_YEAR_DEFAULT).toBe(1949);
    expect(PLAYER_CURRENT_INDEX_DEFAULT).toBe(-1);
    expect(ARTICLE_TYPE_DEFAULT).toBe("ARTICLE");
  });
});
