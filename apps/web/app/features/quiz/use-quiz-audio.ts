import { useCallback, useEffect, useRef, useState } from "react";
import { cueNotes, MUSIC_SECONDS, musicNotes, type QuizCue, renderNotes } from "./quiz-sounds.ts";

const MUTE_KEY = "tj-quiz-muted";
const CUES: QuizCue[] = ["correct", "wrong", "timeout", "finish"];

export interface QuizAudio {
  /** Spec §3 quizAudioLoaded: the synthesised sounds are ready to play. */
  loaded: boolean;
  /** Web Audio is missing or failed: the quiz goes on silently. */
  failed: boolean;
  muted: boolean;
  toggleMute(): void;
  /** Builds the sounds; call it from a tap (browsers start audio only after one). */
  prepare(): Promise<void>;
  startMusic(): void;
  stopMusic(): void;
  cue(cue: QuizCue): void;
}

/**
 * The quiz's audio through Web Audio: the sounds of quiz-sounds.ts rendered into buffers once
 * (loaded), a master gain the mute toggle sets (remembered in this browser), the background loop
 * while a round runs and a cue per answer. Nothing is fetched.
 */
export function useQuizAudio(): QuizAudio {
  const ctx = useRef<AudioContext | null>(null);
  const master = useRef<GainNode | null>(null);
  const buffers = useRef(new Map<string, AudioBuffer>());
  const music = useRef<AudioBufferSourceNode | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const [muted, setMuted] = useState(false);

  useEffect(() => {
    try {
      setMuted(window.localStorage.getItem(MUTE_KEY) === "1");
    } catch {
      // Storage may be blocked; the toggle still works for this visit.
    }
  }, []);

  useEffect(() => {
    if (master.current) master.current.gain.value = muted ? 0 : 1;
  }, [muted]);

  const prepare = useCallback(async () => {
    if (ctx.current || failed) {
      await ctx.current?.resume().catch(() => {});
      return;
    }
    const Ctor =
      typeof window === "undefined"
        ? undefined
        : (window.AudioContext ??
          (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
    if (!Ctor) {
      setFailed(true);
      return;
    }
    try {
      const context = new Ctor();
      const gain = context.createGain();
      gain.gain.value = muted ? 0 : 1;
      gain.connect(context.destination);
      const make = (samples: Float32Array) => {
        const buffer = context.createBuffer(1, samples.length, context.sampleRate);
        buffer.getChannelData(0).set(samples);
        return buffer;
      };
      buffers.current.set(
        "music",
        make(renderNotes(musicNotes(), context.sampleRate, MUSIC_SECONDS)),
      );
      for (const cue of CUES)
        buffers.current.set(cue, make(renderNotes(cueNotes(cue), context.sampleRate)));
      ctx.current = context;
      master.current = gain;
      await context.resume().catch(() => {});
      setLoaded(true);
    } catch (error) {
      console.warn("答题音效无法加载", error);
      setFailed(true);
    }
  }, [failed, muted]);

  const play = useCallback((name: string, loop: boolean, level: number) => {
    const context = ctx.current;
    const buffer = buffers.current.get(name);
    if (!context || !buffer || !master.current) return null;
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.loop = loop;
    const gain = context.createGain();
    gain.gain.value = level;
    source.connect(gain).connect(master.current);
    source.start();
    return source;
  }, []);

  const stopMusic = useCallback(() => {
    try {
      music.current?.stop();
    } catch {
      // Already stopped.
    }
    music.current = null;
  }, []);

  const startMusic = useCallback(() => {
    if (music.current) return;
    music.current = play("music", true, 0.35);
  }, [play]);

  const cue = useCallback((name: QuizCue) => void play(name, false, 0.8), [play]);

  const toggleMute = useCallback(() => {
    setMuted((m) => {
      try {
        window.localStorage.setItem(MUTE_KEY, m ? "0" : "1");
      } catch {
        // Not remembered, still applied.
      }
      return !m;
    });
  }, []);

  useEffect(
    () => () => {
      stopMusic();
      void ctx.current?.close().catch(() => {});
    },
    [stopMusic],
  );

  return { loaded, failed, muted, toggleMute, prepare, startMusic, stopMusic, cue };
}
