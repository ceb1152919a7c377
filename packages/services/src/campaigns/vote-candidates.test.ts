import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { VOTE_CAMPAIGNS } from "@tongjian/domain/votes";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { voteCandidatesSchema } from "./votes.server.ts";

// The vote campaigns' candidates (content/campaigns/<key>/candidates.yaml) against the corpus:
// every person they name is a person entry, every piece a piece of the music.
const CONTENT = "content";
const read = (path: string) => parse(readFileSync(path, "utf8")) as unknown;

const peopleKeys = new Set(
  readdirSync(join(CONTENT, "people"))
    .filter((f) => f.endsWith(".yaml"))
    .flatMap((f) => (read(join(CONTENT, "people", f)) as { key: string }[]).map((p) => p.key)),
);
const pieceKeys = new Set(
  (read(join(CONTENT, "music.yaml")) as { pieces: { key: string }[] }).pieces.map((p) => p.key),
);

describe.each(VOTE_CAMPAIGNS)("the candidates of %s", (key) => {
  const file = join(CONTENT, "campaigns", key, "candidates.yaml");
  const candidates = voteCandidatesSchema.parse(read(file)).candidates;

  it("name people and pieces of the corpus", () => {
    for (const c of candidates) {
      for (const person of c.people)
        expect(peopleKeys.has(person), `${c.id}: ${person}`).toBe(true);
      if (c.piece) expect(pieceKeys.has(c.piece), `${c.id}: ${c.piece}`).toBe(true);
      expect(c.people.length + (c.piece ? 1 : 0), c.id).toBeGreaterThan(0);
    }
  });

  it("date their moments in order", () => {
    for (const c of candidates) {
      const years = c.moments.map((m) => m.when.year);
      expect(years, c.id).toEqual([...years].sort((a, b) => a - b));
    }
  });

  it("give every song of 文史歌曲 a piece to play", () => {
    if (key === "wenshisong") expect(candidates.every((c) => c.piece)).toBe(true);
  });
});
