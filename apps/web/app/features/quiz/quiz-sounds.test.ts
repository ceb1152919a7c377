import { describe, expect, it } from "vitest";
import { cueNotes, MUSIC_SECONDS, musicNotes, notesLength, renderNotes } from "./quiz-sounds.ts";

describe("the quiz's synthesised sounds", () => {
  it("renders every cue and the loop within ±1, of the right length, and not silent", () => {
    const rate = 8000;
    for (const cue of ["correct", "wrong", "timeout", "finish"] as const) {
      const notes = cueNotes(cue);
      const samples = renderNotes(notes, rate);
      expect(samples.length).toBe(Math.ceil(notesLength(notes) * rate));
      const peak = samples.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
      expect(peak).toBeGreaterThan(0.1);
      expect(peak).toBeLessThanOrEqual(1);
    }
    const loop = renderNotes(musicNotes(), rate, MUSIC_SECONDS);
    expect(loop.length).toBe(MUSIC_SECONDS * rate);
    // The loop fades to nothing at its end, so it joins its start without a click.
    expect(Math.abs(loop[loop.length - 1] ?? 1)).toBeLessThan(0.02);
    expect(musicNotes().every((n) => n.at + n.length <= MUSIC_SECONDS)).toBe(true);
  });

  it("sounds a right answer higher than a wrong one", () => {
    const last = (notes: ReturnType<typeof cueNotes>) => notes[notes.length - 1]?.freq ?? 0;
    expect(last(cueNotes("correct"))).toBeGreaterThan(last(cueNotes("wrong")));
  });
});
