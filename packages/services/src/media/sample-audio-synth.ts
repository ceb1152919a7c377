/**
 * Synthesises short pentatonic melodies as WAV files. The repo ships no recordings it could
 * license, so the sample audio is computed here and labelled as synthetic wherever it is shown
 * (data-policy: media the repo cannot ship honestly is generated and labelled).
 */
export const SAMPLE_RATE = 22_050;
const BITS_PER_SAMPLE = 16;
const WAV_HEADER_BYTES = 44;

/** The five degrees 宫商角徵羽 as semitones above 宫. */
export const PENTATONIC_DEGREES = { 宫: 0, 商: 2, 角: 4, 徵: 7, 羽: 9 } as const;
export type PentatonicDegree = keyof typeof PENTATONIC_DEGREES;
const SCALE = Object.values(PENTATONIC_DEGREES);

export interface MelodySpec {
  /** Seeds the melody: the same seed always gives the same file. */
  seed: string;
  /** Whole seconds, so the duration listed for the item is exact. */
  seconds: number;
  /** The degree the melody settles on (its 调式). */
  mode: PentatonicDegree;
}

interface Note {
  startS: number;
  lengthS: number;
  frequency: number;
  velocity: number;
}

/** FNV-1a, 32 bit. */
function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, "utf8")) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** mulberry32: small, fast and good enough to pick notes. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const midiToHz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** Scale step n (0 = 宫 of the tonic octave, 5 = 宫 an octave up …) as a MIDI note. */
function stepToMidi(tonicMidi: number, step: number): number {
  const octave = Math.floor(step / SCALE.length);
  const degree = SCALE[((step % SCALE.length) + SCALE.length) % SCALE.length] ?? 0;
  return tonicMidi + octave * 12 + degree;
}

/** The lowest 宫 a melody may take (D3); the melody itself sits an octave above its 宫. */
export const TONIC_LOWEST_MIDI = 50;

export function composeMelody(spec: MelodySpec): Note[] {
  const rand = random(hashSeed(spec.seed));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const tonicMidi = TONIC_LOWEST_MIDI + Math.floor(rand() * 8); // D3 … A3
  const beatS = 60 / (72 + Math.floor(rand() * 32)); // 72–103 beats a minute
  const finalStep = SCALE.indexOf(PENTATONIC_DEGREES[spec.mode]) + 5;
  const finalLengthS = Math.max(1.5, beatS * 2.5);
  const bodyEndS = spec.seconds - finalLengthS - 0.4;

  const notes: Note[] = [];
  let step = finalStep + pick([-2, -1, 0, 1, 2]);
  let at = 0.15;
  while (at + beatS * 0.5 <= bodyEndS) {
    const lengthS = Math.min(beatS * pick([0.5, 0.5, 1, 1, 1, 1.5, 2]), bodyEndS - at);
    notes.push({
      startS: at,
      lengthS,
      frequency: midiToHz(stepToMidi(tonicMidi, step)),
      velocity: 0.7 + rand() * 0.3,
    });
    at += lengthS;
    // Mostly stepwise, sometimes a leap; drift back towards the final near the end.
    const towardsEnd = at / bodyEndS > 0.75 ? Math.sign(finalStep - step) : 0;
    const move = towardsEnd !== 0 && rand() < 0.6 ? towardsEnd : pick([-2, -1, -1, -1, 1, 1, 1, 2]);
    step = Math.min(finalStep + 4, Math.max(finalStep - 4, step + move));
  }
  notes.push({
    startS: at,
    lengthS: spec.seconds - at - 0.2,
    frequency: midiToHz(stepToMidi(tonicMidi, finalStep)),
    velocity: 0.9,
  });
  return notes;
}

// A plucked-string colour: a few harmonics, the higher ones dying away faster.
const HARMONICS: readonly [multiple: number, amplitude: number, decayPerS: number][] = [
  [1, 1, 1.6],
  [2, 0.45, 2.8],
  [3, 0.22, 4.2],
  [4, 0.1, 6],
];
const ATTACK_S = 0.006;
const RING_S = 0.35;

function render(notes: Note[], seconds: number): Float32Array {
  const total = seconds * SAMPLE_RATE;
  const mix = new Float32Array(total);
  for (const note of notes) {
    const start = Math.round(note.startS * SAMPLE_RATE);
    const length = Math.min(total - start, Math.round((note.lengthS + RING_S) * SAMPLE_RATE));
    const releaseFrom = Math.round(note.lengthS * SAMPLE_RATE);
    for (let i = 0; i < length; i += 1) {
      const t = i / SAMPLE_RATE;
      let value = 0;
      for (const [multiple, amplitude, decay] of HARMONICS) {
        value +=
          amplitude * Math.exp(-decay * t) * Math.sin(2 * Math.PI * note.frequency * multiple * t);
      }
      const attack = Math.min(1, t / ATTACK_S);
      const release =
        i < releaseFrom ? 1 : Math.max(0, 1 - (i - releaseFrom) / (RING_S * SAMPLE_RATE));
      mix[start + i] = (mix[start + i] ?? 0) + value * note.velocity * attack * release;
    }
  }
  return mix;
}

/** Mono 16-bit PCM WAV, normalised to a common level with a short fade at the end. */
export function encodeWav(samples: Float32Array): Buffer {
  const dataBytes = samples.length * (BITS_PER_SAMPLE / 8);
  const buffer = Buffer.alloc(WAV_HEADER_BYTES + dataBytes);
  buffer.write("RIFF", 0, "ascii");
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write("WAVE", 8, "ascii");
  buffer.write("fmt ", 12, "ascii");
  buffer.writeUInt32LE(16, 16); // PCM fmt chunk size
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(SAMPLE_RATE, 24);
  buffer.writeUInt32LE(SAMPLE_RATE * (BITS_PER_SAMPLE / 8), 28); // byte rate
  buffer.writeUInt16LE(BITS_PER_SAMPLE / 8, 32); // block align
  buffer.writeUInt16LE(BITS_PER_SAMPLE, 34);
  buffer.write("data", 36, "ascii");
  buffer.writeUInt32LE(dataBytes, 40);

  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  const gain = peak > 0 ? 0.8 / peak : 0;
  const fadeOut = Math.round(0.25 * SAMPLE_RATE);
  for (let i = 0; i < samples.length; i += 1) {
    const tail = Math.min(1, (samples.length - i) / fadeOut);
    const value = Math.max(-1, Math.min(1, (samples[i] ?? 0) * gain * tail));
    buffer.writeInt16LE(Math.round(value * 32_767), WAV_HEADER_BYTES + i * 2);
  }
  return buffer;
}

/** A mono 16-bit PCM WAV of exactly `spec.seconds` seconds. */
export function synthesiseMelody(spec: MelodySpec): Buffer {
  return encodeWav(render(composeMelody(spec), spec.seconds));
}
