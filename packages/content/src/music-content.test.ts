import { resolve } from "node:path";
import { parseJianpu } from "@tongjian/domain/jianpu";
import { MUSIC_GENRES } from "@tongjian/domain/music";
import { describe, expect, it } from "vitest";
import { loadContent } from "./load-content.ts";
import { type MusicEntryRef, type MusicIssue, musicId, readMusic } from "./music-content.ts";

const CONTENT = resolve(import.meta.dirname, "../../../content");

const refs = new Map<string, MusicEntryRef>(
  [
    ["wang-wei", "person", "王维"],
    ["yang-guan", "place", "阳关"],
  ].map(([key = "", kind = "", name = ""]) => [key, { id: `id-${key}`, key, kind, name }]),
);

const file = (piece: Record<string, string> = {}) => `
performers:
  - key: wang-wei
    name: 王维
    kind: 古人
    years: 701—761
    entry: ${piece.performerEntry ?? "wang-wei"}
    summary: 盛唐诗人，精通音律，他的送别诗很早就被谱曲传唱。
pieces:
  - key: yang-guan-san-die
    title: 阳关三叠
    genre: 文史歌曲
    origin: 王维诗
    period: 唐
    instrument: 古琴
    timbre: qin
    performers: [${piece.performer ?? "wang-wei"}]
    added: 2026-08-01
    entries: [${piece.entry ?? "yang-guan"}]
    ${piece.lyrics ?? "lyrics: 渭城朝雨浥轻尘\n    lyricsSource: 王维《送元二使安西》"}
    notation:
      kind: 示意
      key: F
      meter: 4/4
      tempo: 66
      score: "${piece.score ?? "5 6 1' - | 6 5 3 5 | 2 - - -"}"
    description: ${"测试用的曲目介绍，写够六十个字符才能通过校验。".repeat(3)}
playlists:
  - key: test-list
    title: 测试歌单
    summary: 一份用来测试的歌单。
    pieces: [yang-guan-san-die, ${piece.listed ?? "yang-guan-san-die"}, yang-guan-san-die]
`;

function read(source: string) {
  const issues: MusicIssue[] = [];
  const music = readMusic(source, refs, issues);
  return { music, issues };
}

describe("music content", () => {
  it("loads the corpus's music: at least 40 pieces across every genre, all notation valid", () => {
    const { music, entries } = loadContent(CONTENT);
    expect(music.pieces.length).toBeGreaterThanOrEqual(40);
    for (const genre of MUSIC_GENRES)
      expect(music.pieces.filter((p) => p.genre === genre).length).toBeGreaterThanOrEqual(4);
    const ids = new Set(entries.map((e) => e.id));
    for (const piece of music.pieces) {
      const melody = parseJianpu(piece.notation);
      // A file is long enough to hear and short enough to synthesise quickly.
      expect(melody.seconds, piece.key).toBeGreaterThan(6);
      expect(piece.notation.seconds, piece.key).toBeLessThanOrEqual(60);
      // Every note lies where the instruments can sound it.
      expect(melody.lowestMidi, piece.key).toBeGreaterThanOrEqual(52);
      expect(melody.highestMidi, piece.key).toBeLessThanOrEqual(88);
      for (const entry of piece.entries)
        expect(ids.has(entry.id), `${piece.key} → ${entry.key}`).toBe(true);
      expect(piece.id).toBe(musicId("piece", piece.key));
      if (piece.lyrics) expect(piece.lyricsSource).toBeTruthy();
    }
    const keys = new Set(music.pieces.map((p) => p.key));
    for (const list of music.playlists)
      for (const k of list.pieceKeys) expect(keys.has(k)).toBe(true);
    const performers = new Set(music.performers.map((p) => p.key));
    for (const piece of music.pieces)
      for (const k of piece.performerKeys) expect(performers.has(k)).toBe(true);
    // The known tunes are labelled as such; the rest are labelled as illustrative phrases.
    expect(music.pieces.find((p) => p.key === "mo-li-hua")?.notation.kind).toBe("曲调");
    expect(music.pieces.some((p) => p.notation.kind === "示意")).toBe(true);
  });

  it("reads a valid file", () => {
    const { music, issues } = read(file({ listed: "yang-guan-san-die" }));
    // The list repeats a piece: that is reported, the rest loads.
    expect(issues).toEqual([
      { file: "music.yaml", record: "test-list", field: "pieces", message: "歌单里有重复的曲目" },
    ]);
    expect(music.pieces[0]?.notation.seconds).toBe(Math.ceil((12 * 60) / 66 + 1.4));
    expect(music.pieces[0]?.lyrics).toEqual(["渭城朝雨浥轻尘"]);
    expect(music.pieces[0]?.entries.map((e) => e.key)).toEqual(["yang-guan"]);
  });

  it("reports wrong notation, unknown keys and lyrics without a source", () => {
    const messages = (source: string) =>
      read(source).issues.map((i) => `${i.record} ${i.field} ${i.message}`);
    expect(messages(file({ score: "5 6 1' - | 6 5 3 | 2 - - -" }))).toContain(
      "yang-guan-san-die notation.score 第 2 小节只有 3 拍，4/4 每小节应有 4 拍",
    );
    expect(messages(file({ entry: "no-such" }))).toContain(
      "yang-guan-san-die entries.0 引用的词条 no-such 不存在",
    );
    expect(messages(file({ performer: "nobody" }))).toContain(
      "yang-guan-san-die performers.0 演奏者 nobody 不存在",
    );
    expect(messages(file({ lyrics: "lyrics: 渭城朝雨浥轻尘" }))).toContain(
      "yang-guan-san-die lyricsSource 歌词与歌词出处须同时给出",
    );
    expect(messages(file({ listed: "missing-piece" }))).toContain(
      "test-list pieces.1 曲目 missing-piece 不存在",
    );
    expect(messages("pieces: [")[0]).toMatch(/YAML 解析失败/);
  });
});
