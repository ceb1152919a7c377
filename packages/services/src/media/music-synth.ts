import type { JianpuMelody } from "@tongjian/domain/jianpu";
import { MUSIC_LEAD_IN_S, type MusicTimbre, musicFileSeconds } from "@tongjian/domain/music";
import { SAMPLE_RATE } from "./sample-audio-synth.ts";

/**
 * Renders a written melody (jianpu, read by @tongjian/domain/jianpu) with one of a few simple
 * instrument colours. No recording ships with the repo: every piece's audio is computed here from
 * the notation in content/music.yaml, and labelled 合成 wherever it is shown.
 */

interface Voice {
  /** [harmonic multiple, amplitude, decay per second] */
  harmonics: readonly (readonly [number, number, number])[];
  attackS: number;
  /** How long a note rings on after its written length. */
  releaseS: number;
  /** Sustained instruments hold their level; plucked ones die away (the decays above). */
  sustained: boolean;
  vibratoHz: number;
  /** Vibrato depth as a fraction of the frequency. */
  vibratoDepth: number;
  /** Breath or bow noise mixed in, 0–1. */
  noise: number;
  /** Octaves to move the written pitch (the qin sounds low). */
  octave: number;
}

const VOICES: Record<MusicTimbre, Voice> = {
  // 古琴: a low, long-ringing pluck whose upper partials fade first, with a slow 吟 on long notes.
  qin: {
    harmonics: [
      [1, 1, 0.9],
      [2, 0.55, 1.6],
      [3, 0.3, 2.6],
      [4, 0.16, 3.8],
      [5, 0.08, 5],
    ],
    attackS: 0.004,
    releaseS: 0.9,
    sustained: false,
    vibratoHz: 4.5,
    vibratoDepth: 0.003,
    noise: 0,
    octave: -1,
  },
  // 琵琶: a brighter, shorter pluck.
  pipa: {
    harmonics: [
      [1, 1, 2.4],
      [2, 0.6, 3.6],
      [3, 0.42, 5],
      [4, 0.25, 7],
      [6, 0.12, 10],
    ],
    attackS: 0.002,
    releaseS: 0.3,
    sustained: false,
    vibratoHz: 0,
    vibratoDepth: 0,
    noise: 0,
    octave: 0,
  },
  // 笛子: a clear, breathy flute an octave above the written pitch.
  dizi: {
    harmonics: [
      [1, 1, 0],
      [2, 0.22, 0],
      [3, 0.08, 0],
    ],
    attackS: 0.05,
    releaseS: 0.12,
    sustained: true,
    vibratoHz: 5.5,
    vibratoDepth: 0.006,
    noise: 0.06,
    octave: 1,
  },
  // 箫: darker and softer than the 笛子, at the written pitch.
  xiao: {
    harmonics: [
      [1, 1, 0],
      [2, 0.12, 0],
      [3, 0.04, 0],
    ],
    attackS: 0.09,
    releaseS: 0.2,
    sustained: true,
    vibratoHz: 4.8,
    vibratoDepth: 0.004,
    noise: 0.08,
    octave: 0,
  },
  // 二胡 (and the 京胡 of the opera excerpts): a bowed tone rich in harmonics, with vibrato.
  erhu: {
    harmonics: [
      [1, 1, 0],
      [2, 0.5, 0],
      [3, 0.33, 0],
      [4, 0.22, 0],
      [5, 0.14, 0],
      [6, 0.09, 0],
    ],
    attackS: 0.07,
    releaseS: 0.15,
    sustained: true,
    vibratoHz: 6,
    vibratoDepth: 0.008,
    noise: 0.03,
    octave: 0,
  },
};

const midiToHz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** A small deterministic noise source, so the same notation always gives the same bytes. */
function noiseSource(seed = 0x9e3779b9) {
  let state = seed >>> 0;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2_147_483_648 - 1;
  };
}

// One cycle of a sine, looked up instead of computed: rendering is most of a file's cost.
const TABLE_SIZE = 4096;
const SINE = Float32Array.from({ length: TABLE_SIZE + 1 }, (_, i) =>
  Math.sin((2 * Math.PI * i) / TABLE_SIZE),
);
/** sin(2π·cycles), from the table. */
function sine(cycles: number): number {
  const frac = cycles - Math.floor(cycles);
  return SINE[(frac * TABLE_SIZE) | 0] ?? 0;
}

export function renderMelody(
  melody: JianpuMelody,
  tempo: number,
  timbre: MusicTimbre,
): Float32Array {
  const voice = VOICES[timbre];
  const seconds = musicFileSeconds(melody.seconds);
  const total = seconds * SAMPLE_RATE;
  const mix = new Float32Array(total);
  const beatS = 60 / tempo;
  const noise = noiseSource();
  const noiseDecay = Math.exp(-6 / SAMPLE_RATE);
  for (const note of melody.notes) {
    if (note.midi === null) continue;
    const frequency = midiToHz(note.midi + voice.octave * 12);
    const startS = MUSIC_LEAD_IN_S + note.startBeat * beatS;
    // Sustained voices breathe between notes; plucked ones ring into the next.
    const heldS = voice.sustained ? Math.max(0.05, note.beats * beatS - 0.03) : note.beats * beatS;
    const start = Math.round(startS * SAMPLE_RATE);
    const length = Math.min(total - start, Math.round((heldS + voice.releaseS) * SAMPLE_RATE));
    const releaseFrom = Math.round(heldS * SAMPLE_RATE);
    const releaseSamples = voice.releaseS * SAMPLE_RATE;
    const attackSamples = voice.attackS * SAMPLE_RATE;
    // Partials above a third of the sample rate would fold back as noise.
    const partials = voice.harmonics.filter(
      ([multiple]) => frequency * multiple <= SAMPLE_RATE / 3,
    );
    const levels = partials.map(([, amplitude]) => amplitude);
    const decays = partials.map(([, , decay]) => Math.exp(-decay / SAMPLE_RATE));
    // Vibrato only on notes long enough to carry it, and only after the attack settles.
    const vibrato = heldS > 0.45 ? voice.vibratoDepth : 0;
    const vibratoStep = voice.vibratoHz / SAMPLE_RATE;
    const settleSamples = 0.3 * SAMPLE_RATE;
    let breath = voice.noise;
    let cycles = 0;
    for (let i = 0; i < length; i += 1) {
      const wobble =
        vibrato === 0 ? 0 : vibrato * Math.min(1, i / settleSamples) * sine(i * vibratoStep);
      cycles += (frequency * (1 + wobble)) / SAMPLE_RATE;
      let value = 0;
      for (let h = 0; h < partials.length; h += 1) {
        const level = levels[h] ?? 0;
        value += level * sine(cycles * (partials[h]?.[0] ?? 1));
        levels[h] = level * (decays[h] ?? 1);
      }
      if (breath > 0) {
        value += breath * noise();
        breath *= noiseDecay;
      }
      const attack = i < attackSamples ? i / attackSamples : 1;
      const release = i < releaseFrom ? 1 : Math.max(0, 1 - (i - releaseFrom) / releaseSamples);
      const index = start + i;
      mix[index] = (mix[index] ?? 0) + value * attack * release;
    }
  }
  return mix;
}
