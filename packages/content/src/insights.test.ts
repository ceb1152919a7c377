import { topicRelationRows } from "@tongjian/domain/insight-topics";
import { describe, expect, it } from "vitest";
import { loadContent } from "./load-content.ts";

// The corpus's 洞察 topics (content/insights): the loader checks each one's keys and essay; this
// checks that the set as a whole gives the /insight pages something to show.
describe("the corpus's 洞察 topics", () => {
  const bundle = loadContent("content");

  it("has at least eight, each with a timeline, people, reading and a distinct cover", () => {
    expect(bundle.insights.length).toBeGreaterThanOrEqual(8);
    for (const topic of bundle.insights) {
      expect(topic.eventIds.length, topic.key).toBeGreaterThanOrEqual(3);
      expect(topic.personIds.length, topic.key).toBeGreaterThanOrEqual(2);
      expect(topic.articleIds.length, topic.key).toBeGreaterThanOrEqual(1);
      expect(topic.links.length, topic.key).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(bundle.insights.map((t) => t.coverText)).size).toBe(bundle.insights.length);
    expect(new Set(bundle.insights.map((t) => t.title)).size).toBe(bundle.insights.length);
  });

  it("names people the corpus relates to each other in every topic", () => {
    for (const topic of bundle.insights) {
      const rows = topicRelationRows(bundle.relations, topic.personIds);
      expect(rows.length, topic.key).toBeGreaterThanOrEqual(3);
    }
  });
});
