/**
 * The quiz's sounds, synthesised in the page (合成: nothing is downloaded): a quiet pentatonic
 * background loop and short cues for a right answer, a wrong one, a timeout and the round's end.
 * Pure: each sound is a list of notes turned into samples here, so it can be tested without a
 * sound card; `useQuizAudio` hands the samples to Web Audio.
 */

export type QuizCue = "correct" | "wrong" | "timeout" | "finish";

export interface Note {
  /** Hz; 0 is a rest. */
  freq: number;
  /** Start, seconds from the sound's beginning. */
  at: number;
  /** Length in seconds. */
  length: number;
  /** Peak level, 0–1. */
  gain: number;
}

// 宫商角徵羽 on D: D E F# A B, across two octaves.
const GONG = 293.66;
const PENTATONIC = [1, 9 / 8, 81 / 64, 3 / 2, 27 / 16].map((r) => GONG * r);
const scale = (degree: number) => {
  const octave = Math.floor(degree / 5);
  const step = ((degree % 5) + 5) % 5;
  return (PENTATONIC[step] ?? GONG) * 2 ** octave;
};

/** The background loop: a slow melody over a drone, eight seconds, seamless when looped. */
export const MUSIC_SECONDS = 8;
export function musicNotes(): Note[] {
  const melody = [0, 2, 3, 4, 3, 2, 1, 0, 2, 1, 0, -1, 0, 1, 2, 0];
  const beat = MUSIC_SECONDS / melody.length;
  const notes: Note[] = melody.map((d, i) => ({
    freq: scale(d),
    at: i * beat,
    length: beat * 0.9,
    gain: 0.22,
  }));
  // A drone on the lower 宫 and 徵 under the whole loop.
  notes.push({ freq: GONG / 2, at: 0, length: MUSIC_SECONDS, gain: 0.08 });
  notes.push({ freq: (GONG * 3) / 4, at: 0, length: MUSIC_SECONDS, gain: 0.05 });
  return notes;
}

export function cueNotes(cue: QuizCue): Note[] {
  switch (cue) {
    case "correct":
      return [
        { freq: scale(5), at: 0, length: 0.12, gain: 0.5 },
        { freq: scale(7), at: 0.1, length: 0.12, gain: 0.5 },
        { freq: scale(10), at: 0.2, length: 0.3, gain: 0.5 },
      ];
    case "wrong":
      return [
        { freq: scale(2), at: 0, length: 0.18, gain: 0.45 },
        { freq: scale(-1), at: 0.16, length: 0.4, gain: 0.45 },
      ];
    case "timeout":
      return [
        { freq: scale(0), at: 0, length: 0.12, gain: 0.4 },
        { freq: scale(0), at: 0.2, length: 0.12, gain: 0.4 },
        { freq: scale(-2), at: 0.4, length: 0.35, gain: 0.4 },
      ];
    case "finish":
      return [0, 2, 3, 4, 5, 7, 10].map((d, i) => ({
        freq: scale(d),
        at: i * 0.11,
        length: i === 6 ? 0.8 : 0.16,
        gain: 0.45,
      }));
  }
}

/** How long a list of notes sounds, in seconds. */
export const notesLength = (notes: readonly Note[]) =>
  notes.reduce((m, n) => Math.max(m, n.at + n.length), 0);

/**
 * Samples of a list of notes: each a soft plucked tone (a sine with two overtones) under a
 * short attack and an exponential fade, so notes never click; the sum is kept within ±1.
 */
export function renderNotes(
  notes: readonly Note[],
  sampleRate: number,
  seconds = notesLength(notes),
): Float32Array {
  const out = new Float32Array(Math.max(1, Math.ceil(seconds * sampleRate)));
  const attack = 0.01;
  for (const n of notes) {
    if (n.freq <= 0) continue;
    const start = Math.floor(n.at * sampleRate);
    const count = Math.floor(n.length * sampleRate);
    const w = (2 * Math.PI * n.freq) / sampleRate;
    for (let i = 0; i < count && start + i < out.length; i++) {
      const t = i / sampleRate;
      const rise = Math.min(1, t / attack);
      const fall = Math.exp((-3 * t) / n.length) * Math.min(1, (n.length - t) / 0.02);
      const tone = Math.sin(w * i) + 0.3 * Math.sin(2 * w * i) + 0.1 * Math.sin(3 * w * i);
      out[start + i] = (out[start + i] ?? 0) + (n.gain * rise * fall * tone) / 1.4;
    }
  }
  let peak = 0;
  for (const v of out) peak = Math.max(peak, Math.abs(v));
  if (peak > 1) for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) / peak;
  return out;
}
