/**
 * Avatars a reader can pick on /my (issue 16): seals drawn by the server
 * (`/media/avatar/<key>.svg`), each one character of the history and culture the site is about.
 * Until an upload through a storage interface exists, these and an https address (the app's or
 * WeChat's picture) are the only avatars an account can have.
 */
export const DRAWN_AVATARS = [
  { key: "shi", char: "史", name: "史" },
  { key: "jian", char: "鉴", name: "鉴" },
  { key: "shu", char: "书", name: "书" },
  { key: "mo", char: "墨", name: "墨" },
  { key: "zhu", char: "竹", name: "竹" },
  { key: "mei", char: "梅", name: "梅" },
  { key: "lan", char: "兰", name: "兰" },
  { key: "song", char: "松", name: "松" },
  { key: "shan", char: "山", name: "山" },
  { key: "yue", char: "月", name: "月" },
  { key: "he", char: "鹤", name: "鹤" },
  { key: "qin", char: "琴", name: "琴" },
] as const;

export type DrawnAvatarKey = (typeof DRAWN_AVATARS)[number]["key"];

const DRAWN_PATH = /^\/media\/avatar\/([a-z]{1,12})\.svg$/;

export function drawnAvatarPath(key: DrawnAvatarKey): string {
  return `/media/avatar/${key}.svg`;
}

/** The drawn avatar a path names, or null (an unknown key is no avatar). */
export function drawnAvatarOf(path: string): (typeof DRAWN_AVATARS)[number] | null {
  const key = DRAWN_PATH.exec(path)?.[1];
  return DRAWN_AVATARS.find((a) => a.key === key) ?? null;
}

/**
 * What an account's avatar may be: one of the drawn seals, or an https picture (the app's
 * token and WeChat bring those). Nothing else: an avatar is put in an `<img>` on other readers'
 * screens.
 */
export function isAllowedAvatar(value: string): boolean {
  if (drawnAvatarOf(value)) return true;
  if (value.length > 1024) return false;
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}
