/**
 * Spec §4: only one audio plays at a time. Every player claims playback when it starts; the one
 * that held it is paused. Module state on purpose: it spans every player on the page.
 */
export interface Pausable {
  readonly paused: boolean;
  pause(): void;
}

let current: Pausable | null = null;

export function claimPlayback(media: Pausable): void {
  if (current && current !== media && !current.paused) current.pause();
  current = media;
}

export function releasePlayback(media: Pausable): void {
  if (current === media) current = null;
}

export function currentPlayback(): Pausable | null {
  return current;
}
