import { DRAWN_AVATARS, type DrawnAvatarKey } from "@tongjian/domain/drawn-avatars";

// The seals a reader picks as an avatar on /my (domain/drawn-avatars.ts), drawn here: a
// character in a seal's frame on a colour of its own. Pictures, not page styles, so they keep
// their colours in both themes, as the drawn covers do.
const COLOURS: Record<DrawnAvatarKey, [string, string]> = {
  shi: ["#8c2f1e", "#c8553d"],
  jian: ["#1f3a5f", "#4a78a8"],
  shu: ["#3b4a2f", "#7c8b5a"],
  mo: ["#2a2622", "#5b524c"],
  zhu: ["#2f5a3a", "#5f9a6a"],
  mei: ["#7a2a3f", "#b8566f"],
  lan: ["#4a2f6b", "#8a6fb0"],
  song: ["#1d4d4f", "#3f8f8c"],
  shan: ["#4f3a22", "#8f6f45"],
  yue: ["#2b3550", "#6574a0"],
  he: ["#5a3d2a", "#a0724f"],
  qin: ["#6b3a2a", "#b5654a"],
};

/** The avatar's SVG, or null for a key that is not one of the drawn avatars. */
export function drawnAvatarSvg(key: string): string | null {
  const avatar = DRAWN_AVATARS.find((a) => a.key === key);
  if (!avatar) return null;
  const [from, to] = COLOURS[avatar.key];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" font-family="'Noto Serif CJK SC','Noto Sans CJK SC',serif"><title>${avatar.name}字头像（程序绘制）</title><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="240" height="240" fill="url(#g)"/><rect x="38" y="38" width="164" height="164" rx="14" fill="none" stroke="#fff" stroke-opacity=".85" stroke-width="7"/><text x="120" y="124" font-size="112" font-weight="700" fill="#fff" text-anchor="middle" dominant-baseline="central">${avatar.char}</text></svg>`;
}
