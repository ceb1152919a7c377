import { describe, expect, it } from "vitest";
import {
  circlePath,
  postTopics,
  TOPIC_TEXT_LIMIT,
  topicKey,
  topicPath,
} from "./community-rules.ts";

describe("community rules", () => {
  it("finds topics between half- or full-width signs, once each, in order", () => {
    expect(postTopics("读#唐诗#，再读＃宋词＃和#唐诗#；C# 和 F# 不算，#  # 也不算")).toEqual([
      { key: "唐诗", name: "唐诗" },
      { key: "宋词", name: "宋词" },
    ]);
  });

  it("keeps topics up to the length limit, counting Chinese characters as two", () => {
    const ok = "史".repeat(TOPIC_TEXT_LIMIT / 2);
    expect(postTopics(`#${ok}# #${ok}史#`)).toEqual([{ key: ok, name: ok }]);
  });

  it("keys topics by NFKC and lower case, and links them to the topic page", () => {
    expect(topicKey(" Ｔａｎｇ ")).toBe("tang");
    expect(topicPath("唐 诗")).toBe("/community/topic?name=%E5%94%90%20%E8%AF%97");
    expect(circlePath("a".repeat(24), "b".repeat(24))).toBe(
      `/group/share?circleId=${"a".repeat(24)}&userId=${"b".repeat(24)}`,
    );
  });
});
