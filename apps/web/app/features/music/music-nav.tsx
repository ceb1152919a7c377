import { MUSIC_AUDIO_LICENCE } from "@tongjian/domain/music";
import { AppLink } from "../../shell/app-link.tsx";

const LINKS = [
  { to: "/music/landing", label: "中国音乐" },
  { to: "/music/billboard", label: "榜单" },
  { to: "/music/list-view", label: "歌单" },
  { to: "/music/singer", label: "演奏者" },
] as const;

/** The music pages' tabs. */
export function MusicNav({ current }: { current: (typeof LINKS)[number]["to"] }) {
  return (
    <nav className="tj-music-nav" aria-label="音乐栏目">
      {LINKS.map((link) => (
        <AppLink
          key={link.to}
          to={link.to}
          className="tj-music-nav__link"
          aria-current={link.to === current ? "page" : undefined}
        >
          {link.label}
        </AppLink>
      ))}
    </nav>
  );
}

/** Where the music's audio comes from, under every music page. */
export function MusicLicence() {
  return (
    <p className="tj-music-licence">
      <span className="tj-music-tag">合成</span>
      {MUSIC_AUDIO_LICENCE}
    </p>
  );
}
