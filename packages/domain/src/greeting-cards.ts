import { splitCharacters } from "./text-length.ts";

/**
 * 贺卡 (/greetingcard, decision 42): a reader picks a card (its design drawn here as SVG, no
 * pictures from elsewhere), a wording, writes to and from, edits the message, and the server
 * renders the card to a PNG from the same SVG. Pure: the page previews with it, the server
 * renders with it.
 */

export const GREETING_KEY = "greetingcard";

export interface GreetingCardType {
  key: string;
  /** 春节, 中秋 … */
  label: string;
  /** The greeting written large on the card. */
  heading: string;
  background: [string, string];
  ink: string;
  accent: string;
}

export const GREETING_CARD_TYPES = [
  {
    key: "spring",
    label: "春节",
    heading: "新春快乐",
    background: ["#b3261e", "#7d140f"],
    ink: "#fff4dc",
    accent: "#f4c152",
  },
  {
    key: "midautumn",
    label: "中秋",
    heading: "中秋安康",
    background: ["#1d2b53", "#3a4a85"],
    ink: "#fdf6e3",
    accent: "#f6e3a1",
  },
  {
    key: "dragonboat",
    label: "端午",
    heading: "端午安康",
    background: ["#eaf4ec", "#cfe6d6"],
    ink: "#1f3d2b",
    accent: "#2e7d5b",
  },
  {
    key: "teachers",
    label: "教师节",
    heading: "师恩难忘",
    background: ["#f8f2e4", "#eadcc0"],
    ink: "#4a3424",
    accent: "#a8412f",
  },
  {
    key: "birthday",
    label: "生日",
    heading: "生日快乐",
    background: ["#fff1e8", "#fbd9c9"],
    ink: "#5b2a1e",
    accent: "#d9534f",
  },
  {
    key: "newyear",
    label: "新年",
    heading: "新年快乐",
    background: ["#14324a", "#24506e"],
    ink: "#f7fbff",
    accent: "#ffcf5c",
  },
] as const satisfies readonly GreetingCardType[];

export type GreetingCardTypeKey = (typeof GREETING_CARD_TYPES)[number]["key"];
export const GREETING_CARD_TYPE_KEYS = GREETING_CARD_TYPES.map((t) => t.key) as [
  GreetingCardTypeKey,
  ...GreetingCardTypeKey[],
];

export function cardType(key: string): GreetingCardType | null {
  return GREETING_CARD_TYPES.find((t) => t.key === key) ?? null;
}

/** What is wrong with a set of wordings, in Chinese: keys once each, two per card type. */
export function wordingProblems(
  wordings: readonly { key: string; cardType: string; text: string }[],
): string[] {
  const problems: string[] = [];
  const keys = new Set<string>();
  for (const w of wordings) {
    if (keys.has(w.key)) problems.push(`祝福语键重复：${w.key}`);
    keys.add(w.key);
    if (!cardType(w.cardType)) problems.push(`没有这种贺卡：${w.cardType}`);
  }
  for (const t of GREETING_CARD_TYPES)
    if (wordings.filter((w) => w.cardType === t.key).length < 2)
      problems.push(`${t.label}贺卡至少要有两段祝福语`);
  return problems;
}

/** Characters (as a reader counts them) allowed in each field. */
export const GREETING_NAME_MAX = 12;
export const GREETING_MESSAGE_MAX = 120;
/** At most this many paragraphs in a message; more line breaks are joined. */
const MAX_PARAGRAPHS = 4;

/** The card's size in pixels (3:4, sharp on a phone). */
export const CARD_WIDTH = 750;
export const CARD_HEIGHT = 1000;

/**
 * Text a reader typed, made safe and tidy: tags and control characters go, spaces collapse, a
 * name keeps one line and a message at most four paragraphs.
 */
export function cleanCardText(text: string, multiline: boolean): string {
  const noTags = text.replace(/<[^>]*>/g, "").replace(/[<>]/g, "");
  const noControls = Array.from(noTags.replace(/\r\n?/g, "\n"))
    .filter((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      return ch === "\n" || (code >= 0x20 && code !== 0x7f);
    })
    .join("");
  const lines = noControls
    .split("\n")
    .map((l) => l.replace(/[\s\u3000]+/g, " ").trim())
    .filter((l) => l.length > 0);
  if (!multiline) return lines.join(" ");
  const kept = lines.slice(0, MAX_PARAGRAPHS - 1);
  const rest = lines.slice(MAX_PARAGRAPHS - 1).join("");
  return [...kept, ...(rest ? [rest] : [])].join("\n");
}

export function characterCount(text: string): number {
  return splitCharacters(text).length;
}

/** What is wrong with a card's texts (after cleaning), in Chinese; null when fine. */
export function cardTextProblem(t: { to: string; from: string; message: string }): string | null {
  if (characterCount(t.to) === 0) return "请填写收卡人";
  if (characterCount(t.to) > GREETING_NAME_MAX) return `收卡人最多 ${GREETING_NAME_MAX} 个字`;
  if (characterCount(t.from) === 0) return "请填写署名";
  if (characterCount(t.from) > GREETING_NAME_MAX) return `署名最多 ${GREETING_NAME_MAX} 个字`;
  if (characterCount(t.message) === 0) return "请填写祝福语";
  if (characterCount(t.message) > GREETING_MESSAGE_MAX)
    return `祝福语最多 ${GREETING_MESSAGE_MAX} 个字`;
  return null;
}

/** Width of a character in ems: Latin letters and digits half, everything else one. */
function widthOf(ch: string): number {
  return /^[\x20-\x7e]$/.test(ch) ? 0.55 : 1;
}

/** Characters, with a run of Latin letters or digits kept as one (a word never breaks). */
function tokens(text: string): string[] {
  const out: string[] = [];
  for (const ch of splitCharacters(text)) {
    const last = out[out.length - 1];
    if (last && /^[A-Za-z0-9]+$/.test(last) && /^[A-Za-z0-9]$/.test(ch) && last.length < 12)
      out[out.length - 1] = last + ch;
    else out.push(ch);
  }
  return out;
}

/** Breaks text into lines of at most `perLine` ems, paragraph by paragraph, up to `maxLines`. */
export function wrapCardText(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    let width = 0;
    for (const ch of tokens(paragraph)) {
      const w = [...ch].reduce((sum, c) => sum + widthOf(c), 0);
      // Closing punctuation stays on its line rather than starting the next one.
      if (width + w > perLine && !/^[，。、；：！？）》」』”’…]$/.test(ch)) {
        lines.push(line.trimEnd());
        line = "";
        width = 0;
      }
      // A space does not start a line.
      if (line === "" && ch === " ") continue;
      line += ch;
      width += w;
    }
    if (line) lines.push(line.trimEnd());
  }
  if (lines.length <= maxLines) return lines;
  const cut = lines.slice(0, maxLines);
  cut[maxLines - 1] = `${splitCharacters(cut[maxLines - 1] ?? "")
    .slice(0, -1)
    .join("")}…`;
  return cut;
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const SERIF = "'Noto Serif CJK SC','Noto Sans CJK SC','Songti SC',serif";

/** The card's pictures, one per type, drawn in the upper part of the card. */
function motif(t: GreetingCardType): string {
  const a = t.accent;
  switch (t.key) {
    case "spring": {
      const lantern = (x: number) => `
  <g transform="translate(${x},0)">
    <line x1="0" y1="0" x2="0" y2="70" stroke="${a}" stroke-width="3"/>
    <rect x="-22" y="66" width="44" height="12" rx="3" fill="${a}"/>
    <ellipse cx="0" cy="130" rx="58" ry="54" fill="#e23b2e" stroke="${a}" stroke-width="3"/>
    <path d="M0 76 Q-40 130 0 184 M0 76 Q40 130 0 184 M0 76 L0 184" stroke="${a}" stroke-width="2" fill="none"/>
    <rect x="-22" y="182" width="44" height="12" rx="3" fill="${a}"/>
    <path d="M-10 194 v40 M0 194 v48 M10 194 v40" stroke="${a}" stroke-width="3"/>
  </g>`;
      return `${lantern(110)}${lantern(640)}
  <g transform="translate(375,150) rotate(45)">
    <rect x="-62" y="-62" width="124" height="124" fill="#e23b2e" stroke="${a}" stroke-width="4"/>
  </g>
  <text x="375" y="176" text-anchor="middle" font-family="${SERIF}" font-size="76" font-weight="700" fill="${a}">福</text>`;
    }
    case "midautumn":
      return `
  <circle cx="560" cy="170" r="110" fill="${a}"/>
  <circle cx="530" cy="140" r="14" fill="#e9d28a"/><circle cx="590" cy="205" r="10" fill="#e9d28a"/>
  <path d="M60 230 q40 -40 80 0 q40 -40 80 0 q30 -30 60 0" stroke="#c9d3f0" stroke-width="5" fill="none" stroke-linecap="round"/>
  <path d="M420 300 q30 -30 60 0 q30 -30 60 0" stroke="#c9d3f0" stroke-width="4" fill="none" stroke-linecap="round"/>
  <g fill="#ffd36b">
    <circle cx="120" cy="110" r="4"/><circle cx="200" cy="70" r="3"/><circle cx="300" cy="130" r="3"/><circle cx="80" cy="170" r="2"/>
  </g>
  <path d="M140 330 q60 -80 150 -90" stroke="#8aa07a" stroke-width="5" fill="none"/>
  <g fill="#f2b84b"><circle cx="210" cy="270" r="7"/><circle cx="236" cy="258" r="6"/><circle cx="262" cy="250" r="7"/><circle cx="188" cy="290" r="6"/></g>`;
    case "dragonboat":
      return `<g transform="translate(0,-45)">
  <path d="M80 250 h520 q-30 40 -90 48 h-340 q-60 -8 -90 -48z" fill="${a}"/>
  <path d="M600 250 q40 -60 70 -40 q-10 20 -40 30 q10 10 -30 10z" fill="${a}"/>
  <g stroke="#f7f3e8" stroke-width="5" stroke-linecap="round">
    <line x1="180" y1="230" x2="160" y2="290"/><line x1="260" y1="230" x2="240" y2="290"/>
    <line x1="340" y1="230" x2="320" y2="290"/><line x1="420" y1="230" x2="400" y2="290"/>
    <line x1="500" y1="230" x2="480" y2="290"/>
  </g>
  <path d="M40 330 q45 -25 90 0 t90 0 t90 0 t90 0 t90 0 t90 0 t90 0" stroke="#3b8fb8" stroke-width="6" fill="none"/>
  <path d="M70 360 q45 -25 90 0 t90 0 t90 0 t90 0 t90 0 t90 0" stroke="#6fb2d3" stroke-width="5" fill="none"/>
  <g transform="translate(600,160)"><path d="M0 -50 L45 40 H-45z" fill="#5a9e5a"/><path d="M-30 0 H30 M-38 20 H38" stroke="#e8d9a8" stroke-width="5"/></g>
  <g transform="translate(140,165)"><path d="M0 -40 L36 32 H-36z" fill="#4d8c4d"/><path d="M-24 0 H24" stroke="#e8d9a8" stroke-width="5"/></g></g>`;
    case "teachers":
      return `
  <path d="M175 290 q100 -40 200 0 v-170 q-100 -40 -200 0z" fill="#fffdf6" stroke="${t.ink}" stroke-width="4"/>
  <path d="M375 290 q100 -40 200 0 v-170 q-100 -40 -200 0z" fill="#fffdf6" stroke="${t.ink}" stroke-width="4"/>
  <g stroke="#b9a98c" stroke-width="3">
    <line x1="205" y1="150" x2="345" y2="150"/><line x1="205" y1="185" x2="345" y2="185"/><line x1="205" y1="220" x2="345" y2="220"/>
    <line x1="405" y1="150" x2="545" y2="150"/><line x1="405" y1="185" x2="545" y2="185"/><line x1="405" y1="220" x2="545" y2="220"/>
  </g>
  <path d="M600 80 q20 80 -40 160" stroke="#5b4636" stroke-width="5" fill="none"/>
  <g fill="${a}"><circle cx="606" cy="110" r="11"/><circle cx="594" cy="160" r="10"/><circle cx="574" cy="205" r="9"/><circle cx="628" cy="140" r="8"/></g>`;
    case "birthday":
      return `
  <rect x="215" y="200" width="320" height="110" rx="14" fill="#f6c6a8" stroke="${t.ink}" stroke-width="4"/>
  <rect x="255" y="130" width="240" height="80" rx="12" fill="#fde3d3" stroke="${t.ink}" stroke-width="4"/>
  <path d="M215 240 q40 30 80 0 t80 0 t80 0 t80 0" stroke="${a}" stroke-width="5" fill="none"/>
  <g stroke="${t.ink}" stroke-width="5"><line x1="315" y1="130" x2="315" y2="90"/><line x1="375" y1="130" x2="375" y2="84"/><line x1="435" y1="130" x2="435" y2="90"/></g>
  <g fill="#f7a21b"><ellipse cx="315" cy="78" rx="8" ry="13"/><ellipse cx="375" cy="72" rx="8" ry="13"/><ellipse cx="435" cy="78" rx="8" ry="13"/></g>
  <g fill="${a}"><circle cx="110" cy="120" r="10"/><circle cx="650" cy="150" r="12"/><circle cx="90" cy="260" r="7"/><circle cx="660" cy="280" r="8"/></g>`;
    default: {
      const burst = (cx: number, cy: number, r: number, color: string) =>
        Array.from({ length: 12 }, (_, i) => {
          const angle = (i * Math.PI) / 6;
          const x1 = cx + Math.cos(angle) * r * 0.35;
          const y1 = cy + Math.sin(angle) * r * 0.35;
          const x2 = cx + Math.cos(angle) * r;
          const y2 = cy + Math.sin(angle) * r;
          return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${color}" stroke-width="5" stroke-linecap="round"/>`;
        }).join("");
      return `
  ${burst(180, 150, 90, a)}${burst(560, 120, 70, "#ff8a65")}${burst(420, 270, 50, "#8fd3ff")}
  <g fill="#ffffff" opacity="0.8"><circle cx="90" cy="300" r="3"/><circle cx="660" cy="260" r="3"/><circle cx="300" cy="60" r="2"/></g>`;
    }
  }
}

export interface CardPicture {
  cardType: string;
  to: string;
  from: string;
  message: string;
}

/** The card as SVG (CARD_WIDTH × CARD_HEIGHT): its design, heading, and the reader's words. */
export function greetingCardSvg(card: CardPicture): string {
  const t = cardType(card.cardType) ?? (GREETING_CARD_TYPES[0] as GreetingCardType);
  const lines = wrapCardText(card.message, 16, 8);
  const lineHeight = 50;
  const message = lines
    .map(
      (l, i) =>
        `<text x="90" y="${500 + i * lineHeight}" font-family="${SERIF}" font-size="34" fill="${t.ink}">${escapeXml(l)}</text>`,
    )
    .join("\n  ");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${t.background[0]}"/>
      <stop offset="1" stop-color="${t.background[1]}"/>
    </linearGradient>
  </defs>
  <rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#bg)"/>
  <rect x="24" y="24" width="${CARD_WIDTH - 48}" height="${CARD_HEIGHT - 48}" rx="18" fill="none" stroke="${t.accent}" stroke-width="3"/>
  <rect x="36" y="36" width="${CARD_WIDTH - 72}" height="${CARD_HEIGHT - 72}" rx="12" fill="none" stroke="${t.accent}" stroke-width="1.5" opacity="0.7"/>
  ${motif(t)}
  <text x="375" y="400" text-anchor="middle" font-family="${SERIF}" font-size="64" font-weight="700" fill="${t.accent}" letter-spacing="8">${escapeXml(t.heading)}</text>
  <text x="90" y="450" font-family="${SERIF}" font-size="34" font-weight="700" fill="${t.ink}">致 ${escapeXml(card.to)}：</text>
  ${message}
  <text x="${CARD_WIDTH - 90}" y="${CARD_HEIGHT - 110}" text-anchor="end" font-family="${SERIF}" font-size="32" fill="${t.ink}">${escapeXml(card.from)} 敬贺</text>
  <text x="375" y="${CARD_HEIGHT - 56}" text-anchor="middle" font-family="${SERIF}" font-size="22" fill="${t.accent}" opacity="0.85">通鉴 · ${escapeXml(t.label)}贺卡</text>
</svg>`;
}
