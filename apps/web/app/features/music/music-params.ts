import { MUSIC_BOARD_KEYS, type MusicBoardKey } from "@tongjian/domain/music";
import { notFound } from "../../shell/not-found.ts";

const ID = /^[0-9a-f]{24}$/;

/**
 * `?id=` of a music page: absent is null; anything but a 24-hex id is the 404 screen, as an
 * unknown id is (the service answers that one).
 */
export function idParam(url: URL): string | null {
  const raw = url.searchParams.get("id");
  if (raw === null || raw === "") return null;
  if (!ID.test(raw)) throw notFound();
  return raw;
}

/** `?id=` of /music/boarddetail: a board's key; absent is the 热播榜. */
export function boardParam(url: URL): MusicBoardKey {
  const raw = url.searchParams.get("id");
  if (raw === null || raw === "") return "hot";
  if (!(MUSIC_BOARD_KEYS as readonly string[]).includes(raw)) throw notFound();
  return raw as MusicBoardKey;
}
