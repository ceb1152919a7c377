/**
 * Numbered musical notation (简谱) as the music content writes it, read into notes the synth can
 * play. One token per note, bars split by `|`:
 *
 *   `1`–`7` scale degrees of the key (`1=D`), `0` a rest;
 *   `'` after the digit an octave up, `,` an octave down (repeatable);
 *   `#` or `b` before the digit a semitone up or down;
 *   each `_` after the digit halves the note (`3_` an eighth, `3__` a sixteenth);
 *   a `.` after the digit makes it half as long again (`5.` a dotted quarter);
 *   a lone `-` holds the note before it one beat more (also across a bar line);
 *   notes may be written together with no space between them, like a beamed group (`3_5_`).
 *
 * Beats are quarter notes. Every bar but the first (a pickup) and the last must fill its meter.
 */
export const JIANPU_KEYS = [
  "C",
  "#C",
  "bD",
  "D",
  "bE",
  "E",
  "F",
  "#F",
  "bG",
  "G",
  "bA",
  "A",
  "bB",
  "B",
] as const;
export type JianpuKey = (typeof JIANPU_KEYS)[number];

/** The MIDI note of `1` in the middle octave: C4 up to B4. */
const KEY_MIDI: Record<JianpuKey, number> = {
  C: 60,
  "#C": 61,
  bD: 61,
  D: 62,
  bE: 63,
  E: 64,
  F: 65,
  "#F": 66,
  bG: 66,
  G: 67,
  bA: 68,
  A: 69,
  bB: 70,
  B: 71,
};

const DEGREE_SEMITONES = [0, 0, 2, 4, 5, 7, 9, 11] as const;
const METER = /^([1-9]|1[0-2])\/(4|8|2)$/;
const NOTE = /([#b]?)([0-7])([',]*)(_*)(\.?)/y;
const GROUP = /^(?:[#b]?[0-7][',]*_*\.?)+$/;

export interface JianpuInput {
  /** `1=` of the score, e.g. "D" or "bB". */
  key: string;
  /** e.g. "2/4", "4/4", "3/4", "6/8". */
  meter: string;
  /** Quarter notes a minute. */
  tempo: number;
  score: string;
}

export interface JianpuNote {
  /** Null for a rest. */
  midi: number | null;
  /** Where it starts and how long it lasts, in quarter-note beats. */
  startBeat: number;
  beats: number;
}

export interface JianpuMelody {
  notes: JianpuNote[];
  bars: number;
  totalBeats: number;
  /** Seconds the written notes last at the tempo. */
  seconds: number;
  lowestMidi: number;
  highestMidi: number;
}

export class JianpuError extends Error {
  override name = "JianpuError";
}

const EPSILON = 1e-6;

/** Beats a bar of the meter holds, in quarter notes (6/8 → 3). */
export function beatsPerBar(meter: string): number {
  const match = METER.exec(meter);
  if (!match) throw new JianpuError(`拍号 ${meter} 无法识别（例如 2/4、3/4、4/4、6/8）`);
  const [, count = "4", unit = "4"] = match;
  return (Number(count) * 4) / Number(unit);
}

export function isJianpuKey(key: string): key is JianpuKey {
  return (JIANPU_KEYS as readonly string[]).includes(key);
}

/** Reads a score; throws JianpuError naming the bar and token that is wrong. */
export function parseJianpu(input: JianpuInput): JianpuMelody {
  if (!isJianpuKey(input.key)) throw new JianpuError(`调号 1=${input.key} 无法识别`);
  if (!(Number.isFinite(input.tempo) && input.tempo >= 30 && input.tempo <= 240))
    throw new JianpuError("速度应在每分钟 30 到 240 拍之间");
  const perBar = beatsPerBar(input.meter);
  const tonic = KEY_MIDI[input.key];
  const bars = input.score
    .split("|")
    .map((bar) => bar.trim())
    .filter((bar, i, all) => bar.length > 0 || (i > 0 && i < all.length - 1));
  if (bars.length === 0) throw new JianpuError("乐谱是空的");

  const notes: JianpuNote[] = [];
  let at = 0;
  bars.forEach((bar, barIndex) => {
    const tokens = bar.split(/\s+/).filter(Boolean);
    if (tokens.length === 0) throw new JianpuError(`第 ${barIndex + 1} 小节是空的`);
    let barBeats = 0;
    for (const token of tokens) {
      if (token === "-") {
        const last = notes[notes.length - 1];
        if (!last) throw new JianpuError(`第 ${barIndex + 1} 小节：延长线前没有音`);
        last.beats += 1;
        barBeats += 1;
        at += 1;
        continue;
      }
      if (!GROUP.test(token))
        throw new JianpuError(`第 ${barIndex + 1} 小节：记号 “${token}” 无法识别`);
      NOTE.lastIndex = 0;
      for (let match = NOTE.exec(token); match; match = NOTE.exec(token)) {
        if (match[0] === "") break;
        const [, accidental = "", digit = "0", octaves = "", halves = "", dot = ""] = match;
        const degree = Number(digit);
        if (degree === 0 && (accidental || octaves))
          throw new JianpuError(`第 ${barIndex + 1} 小节：休止符 “${token}” 不能带升降或八度记号`);
        let beats = 1 / 2 ** halves.length;
        if (dot) beats *= 1.5;
        const shift = [...octaves].reduce((sum, mark) => sum + (mark === "'" ? 12 : -12), 0);
        const semitone = accidental === "#" ? 1 : accidental === "b" ? -1 : 0;
        const midi =
          degree === 0 ? null : tonic + (DEGREE_SEMITONES[degree] ?? 0) + shift + semitone;
        notes.push({ midi, startBeat: at, beats });
        barBeats += beats;
        at += beats;
      }
    }
    const first = barIndex === 0;
    const last = barIndex === bars.length - 1;
    if (barBeats > perBar + EPSILON)
      throw new JianpuError(
        `第 ${barIndex + 1} 小节有 ${barBeats} 拍，超过了 ${input.meter} 的 ${perBar} 拍`,
      );
    if (!first && !last && barBeats < perBar - EPSILON)
      throw new JianpuError(
        `第 ${barIndex + 1} 小节只有 ${barBeats} 拍，${input.meter} 每小节应有 ${perBar} 拍`,
      );
  });

  const pitched = notes.flatMap((n) => (n.midi === null ? [] : [n.midi]));
  if (pitched.length === 0) throw new JianpuError("乐谱里没有音");
  return {
    notes,
    bars: bars.length,
    totalBeats: at,
    seconds: (at * 60) / input.tempo,
    lowestMidi: Math.min(...pitched),
    highestMidi: Math.max(...pitched),
  };
}
