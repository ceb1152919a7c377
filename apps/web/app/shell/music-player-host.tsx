import { type ComponentType, useEffect, useState } from "react";

/** Fired on window when the music queue first opens (features/music/music-queue.ts). */
export const MUSIC_OPEN_EVENT = "tj:music-open";
/** The queue's <audio>, kept on <body> so that it outlives every page. */
export const MUSIC_AUDIO_ID = "tj-music-audio";

const loadPlayer = () => import("../features/music/global-player.tsx");

/**
 * The global music player's place in the shell (issue 19: it keeps playing across pages). The
 * player itself (its bar, queue and lock-screen controls) loads with the first piece played, so
 * pages that never play music load none of it.
 */
export function MusicPlayerHost() {
  const [Player, setPlayer] = useState<ComponentType | null>(null);
  useEffect(() => {
    const load = () =>
      loadPlayer().then(
        (m) => setPlayer(() => m.GlobalPlayer),
        (error: unknown) => console.warn("播放器加载失败", error),
      );
    // A shell mounted again (the error screen) while music plays shows the bar at once.
    if (document.getElementById(MUSIC_AUDIO_ID)) load();
    window.addEventListener(MUSIC_OPEN_EVENT, load, { once: true });
    return () => window.removeEventListener(MUSIC_OPEN_EVENT, load);
  }, []);
  return Player && <Player />;
}
