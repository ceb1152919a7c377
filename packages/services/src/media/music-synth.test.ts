import { parseJianpu } from "@tongjian/domain/jianpu";
import { MUSIC_TIMBRES, musicFileSeconds } from "@tongjian/domain/music";
import { describe, expect, it } from "vitest";
import { renderMelody } from "./music-synth.ts";
import { encodeWav, SAMPLE_RATE } from "./sample-audio-synth.ts";

/** The strongest frequency of a stretch, by counting upward zero crossings. */
function crossingsHz(samples: Float32Array, fromS: number, toS: number): number {
  let count = 0;
  const from = Math.round(fromS * SAMPLE_RATE);
  const to = Math.round(toS * SAMPLE_RATE);
  for (let i = from + 1; i < to; i += 1)
    if ((samples[i - 1] ?? 0) < 0 && (samples[i] ?? 0) >= 0) count += 1;
  return count / (toS - fromS);
}

const rms = (samples: Float32Array, fromS: number, toS: number) => {
  let sum = 0;
  const from = Math.round(fromS * SAMPLE_RATE);
  const to = Math.round(toS * SAMPLE_RATE);
  for (let i = from; i < to; i += 1) sum += (samples[i] ?? 0) ** 2;
  return Math.sqrt(sum / (to - from));
};

describe("music synth", () => {
  // 1=A, one note held four beats at 60 a minute: A4 (440 Hz) for four seconds.
  const held = parseJianpu({ key: "A", meter: "4/4", tempo: 60, score: "1 - - -" });

  it("lasts the melody plus lead-in and ring, in whole seconds", () => {
    for (const timbre of MUSIC_TIMBRES) {
      const samples = renderMelody(held, 60, timbre);
      expect(samples.length).toBe(musicFileSeconds(4) * SAMPLE_RATE);
      expect(musicFileSeconds(4)).toBe(6);
    }
  });

  it("sounds the written pitch in each instrument's octave", () => {
    // The bowed 二胡 sounds as written; the 笛子 an octave up; the 古琴 an octave down.
    expect(crossingsHz(renderMelody(held, 60, "erhu"), 1, 3)).toBeCloseTo(440, -1);
    expect(crossingsHz(renderMelody(held, 60, "dizi"), 1, 3)).toBeCloseTo(880, -1);
    expect(crossingsHz(renderMelody(held, 60, "qin"), 1, 3)).toBeCloseTo(220, -1);
  });

  it("is silent before the first note and in rests, and a plucked note dies away", () => {
    const withRest = parseJianpu({ key: "C", meter: "4/4", tempo: 60, score: "1 0 0 0 | 5 - - -" });
    const qin = renderMelody(withRest, 60, "qin");
    expect(rms(qin, 0, 0.15)).toBe(0);
    // The qin's first note rings into the rest but fades; the next note starts loud again.
    expect(rms(qin, 3.5, 4.1)).toBeLessThan(rms(qin, 0.3, 0.9) * 0.2);
    expect(rms(qin, 4.3, 4.9)).toBeGreaterThan(rms(qin, 3.5, 4.1) * 3);
    const dizi = renderMelody(withRest, 60, "dizi");
    expect(rms(dizi, 2, 4)).toBeLessThan(0.01);
  });

  it("is deterministic and encodes as a 16-bit mono WAV", () => {
    const a = encodeWav(renderMelody(held, 60, "xiao"));
    const b = encodeWav(renderMelody(held, 60, "xiao"));
    expect(a.equals(b)).toBe(true);
    expect(a.readUInt16LE(22)).toBe(1);
    expect(a.readUInt32LE(24)).toBe(SAMPLE_RATE);
    expect(a.readUInt16LE(34)).toBe(16);
    expect(a.byteLength).toBe(44 + 6 * SAMPLE_RATE * 2);
  });

  it("renders a long piece whole: every bar sounds, to the last", () => {
    const long = parseJianpu({
      key: "D",
      meter: "4/4",
      tempo: 60,
      score: Array.from({ length: 14 }, () => "1 2 3_5_ 6").join(" | "),
    });
    const samples = renderMelody(long, 60, "erhu");
    expect(samples.length).toBe(musicFileSeconds(long.seconds) * SAMPLE_RATE);
    // 14 bars of four beats at 60 a minute: sound in the first bar and in the last.
    expect(rms(samples, 1.2, 1.8)).toBeGreaterThan(0.01);
    expect(rms(samples, 55.2, 55.8)).toBeGreaterThan(0.01);
  });
});
