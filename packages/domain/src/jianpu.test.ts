import { describe, expect, it } from "vitest";
import { beatsPerBar, JianpuError, parseJianpu } from "./jianpu.ts";

describe("jianpu notation", () => {
  it("reads degrees, octaves, halves, dots and holds into beats and MIDI notes", () => {
    const melody = parseJianpu({
      key: "D",
      meter: "2/4",
      tempo: 60,
      score: "3_5_ 6 | 1'. 6_ | 5, - | 0 #4 |",
    });
    expect(melody.notes.map((n) => [n.midi, n.startBeat, n.beats])).toEqual([
      [66, 0, 0.5], // 3 of D = F#4
      [69, 0.5, 0.5],
      [71, 1, 1],
      [74, 2, 1.5], // 1' = D5
      [71, 3.5, 0.5],
      [57, 4, 2], // 5, = A3, held a beat
      [null, 6, 1],
      [68, 7, 1], // #4 of D = G#4
    ]);
    expect(melody.bars).toBe(4);
    expect(melody.totalBeats).toBe(8);
    expect(melody.seconds).toBe(8);
    expect([melody.lowestMidi, melody.highestMidi]).toEqual([57, 74]);
  });

  it("allows a short pickup bar and a short last bar, and holds across a bar line", () => {
    const melody = parseJianpu({ key: "C", meter: "3/4", tempo: 120, score: "5 | 1' - - | - 7" });
    expect(melody.notes.map((n) => n.beats)).toEqual([1, 4, 1]);
    expect(melody.seconds).toBe(3);
  });

  it("counts 6/8 bars in quarter notes", () => {
    expect(beatsPerBar("6/8")).toBe(3);
    expect(beatsPerBar("4/4")).toBe(4);
    expect(() => beatsPerBar("5/5")).toThrow(JianpuError);
  });

  it("names the bar and token that is wrong", () => {
    const base = { key: "D", meter: "2/4", tempo: 80 };
    expect(() => parseJianpu({ ...base, score: "1 2 | 3 8 | 5 -" })).toThrow(
      "第 2 小节：记号 “8” 无法识别",
    );
    expect(() => parseJianpu({ ...base, score: "1 | 1 2 3 | 5 -" })).toThrow(
      "第 2 小节有 3 拍，超过了 2/4 的 2 拍",
    );
    expect(() => parseJianpu({ ...base, score: "1 2 | 3 | 5 -" })).toThrow(
      "第 2 小节只有 1 拍，2/4 每小节应有 2 拍",
    );
    expect(() => parseJianpu({ ...base, score: "- 1 | 2 3" })).toThrow("延长线前没有音");
    expect(() => parseJianpu({ ...base, score: "0' 1" })).toThrow("休止符");
    expect(() => parseJianpu({ ...base, score: "0 0" })).toThrow("乐谱里没有音");
    expect(() => parseJianpu({ ...base, key: "H", score: "1 2" })).toThrow("调号 1=H 无法识别");
    expect(() => parseJianpu({ ...base, tempo: 10, score: "1 2" })).toThrow("速度");
  });
});
