/** 中国音乐 (/music/*): the vocabulary shared by content, services and pages. */
export const MUSIC_GENRES = ["古琴曲", "民歌", "戏曲选段", "文史歌曲", "器乐曲"] as const;
export type MusicGenre = (typeof MUSIC_GENRES)[number];

/** The instrument colours the synth renders. */
export const MUSIC_TIMBRES = ["qin", "pipa", "dizi", "xiao", "erhu"] as const;
export type MusicTimbre = (typeof MUSIC_TIMBRES)[number];

/**
 * 曲调: the tune as it is known, written simply. 示意: a phrase written for the product in the
 * piece's mode, to suggest its character; pages say it is not the original (data policy: never
 * pretend a placeholder is the work).
 */
export const MUSIC_NOTATION_KINDS = ["曲调", "示意"] as const;
export type MusicNotationKind = (typeof MUSIC_NOTATION_KINDS)[number];

/** 古人: a historical person credited with a piece; 民间, 乐种: a folk tradition or a genre. */
export const MUSIC_PERFORMER_KINDS = ["古人", "民间", "乐种"] as const;
export type MusicPerformerKind = (typeof MUSIC_PERFORMER_KINDS)[number];

/** Seconds of silence before the first note and of ring after the last, in every file. */
export const MUSIC_LEAD_IN_S = 0.2;
export const MUSIC_TAIL_S = 1.2;

/** Whole seconds a synthesised file lasts: the melody at its tempo, plus lead-in and ring. */
export function musicFileSeconds(melodySeconds: number): number {
  return Math.ceil(melodySeconds + MUSIC_LEAD_IN_S + MUSIC_TAIL_S);
}

/** What every piece's audio is, shown beside it. */
export const MUSIC_AUDIO_LABEL = "合成";
export const MUSIC_AUDIO_LICENCE =
  "本站依乐谱程序合成的音频，以 CC0 1.0 公共领域贡献发布，可自由使用；所用曲调与歌词均属公有领域。";

export const MUSIC_BOARD_KEYS = ["hot", "like", "new", "guqin", "minge", "xiqu", "wenshi"] as const;
export type MusicBoardKey = (typeof MUSIC_BOARD_KEYS)[number];

export interface MusicBoardSpec {
  key: MusicBoardKey;
  title: string;
  summary: string;
  rank: "plays" | "likes" | "added";
  genre?: MusicGenre;
}

/** The boards of /music/billboard; `genre` boards rank one genre by plays. */
export const MUSIC_BOARDS: readonly MusicBoardSpec[] = [
  { key: "hot", title: "热播榜", summary: "播放次数最多的曲目", rank: "plays" },
  { key: "like", title: "点赞榜", summary: "读者点赞最多的曲目", rank: "likes" },
  { key: "new", title: "新曲榜", summary: "最近上架的曲目", rank: "added" },
  { key: "guqin", title: "古琴榜", summary: "古琴曲，按播放次数", rank: "plays", genre: "古琴曲" },
  { key: "minge", title: "民歌榜", summary: "各地民歌，按播放次数", rank: "plays", genre: "民歌" },
  {
    key: "xiqu",
    title: "戏曲榜",
    summary: "戏曲选段，按播放次数",
    rank: "plays",
    genre: "戏曲选段",
  },
  {
    key: "wenshi",
    title: "文史歌曲榜",
    summary: "诗词入乐，按播放次数",
    rank: "plays",
    genre: "文史歌曲",
  },
];

/** How many pieces a board lists. */
export const MUSIC_BOARD_SIZE = 20;
