/** Where a reader stopped in a video on this device (readers not signed in, and as a fallback). */
const key = (id: string) => `tj-video-position:${id}`;

export function devicePosition(id: string): number | null {
  try {
    const raw = window.localStorage.getItem(key(id));
    const value = raw === null ? Number.NaN : Number(raw);
    return Number.isFinite(value) && value >= 0 ? value : null;
  } catch {
    return null;
  }
}

export function saveDevicePosition(id: string, seconds: number): void {
  try {
    window.localStorage.setItem(key(id), String(Math.floor(seconds)));
  } catch {
    // Private mode or storage full: the position is simply not kept.
  }
}

/** mm:ss for a number of seconds. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}
