import { NotFoundError } from "../service-error.ts";
import type { ArticleRepository } from "./article-repository.ts";
import type { EntryRepository } from "./entry-repository.ts";
import type { InsightRepository } from "./insight-repository.ts";

// The corpus ships no photographs it could not license, so covers are drawn here from the
// article's own title and section (or the entry's name and kind), and say on their face that
// they are generated.
const SECTION_COLOURS: Record<string, [string, string]> = {
  中国史: ["#8c2f1e", "#c8553d"],
  世界史: ["#1f3a5f", "#4a78a8"],
  艺术史: ["#3b4a2f", "#7c8b5a"],
  战争: ["#3a2b25", "#7a4b3a"],
  科技史: ["#1d4d4f", "#3f8f8c"],
  大事件: ["#5a3d6b", "#9b6fb0"],
};

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

const KIND_COVERS: Record<string, { label: string; colours: [string, string] }> = {
  person: { label: "人物", colours: ["#6b3a2a", "#b5654a"] },
  regime: { label: "政权", colours: ["#8c2f1e", "#c8553d"] },
  event: { label: "事件", colours: ["#3a2b25", "#7a4b3a"] },
  place: { label: "地点", colours: ["#1d4d4f", "#3f8f8c"] },
  poem: { label: "诗词", colours: ["#3b4a2f", "#7c8b5a"] },
  classic: { label: "典籍", colours: ["#1f3a5f", "#4a78a8"] },
};

function entryCover(entry: { name: string; kind: string; time_desc: string | null }): string {
  const { label, colours } = KIND_COVERS[entry.kind] ?? {
    label: "词条",
    colours: ["#444", "#888"],
  };
  const chars = [...entry.name];
  const perLine = chars.length <= 4 ? 4 : 6;
  const size = chars.length <= 4 ? 120 : 84;
  const lines = wrap(entry.name, perLine);
  const top = 300 - ((lines.length - 1) * size * 1.15) / 2;
  const name = lines
    .map(
      (line, i) =>
        `<text x="300" y="${Math.round(top + i * size * 1.15)}" font-size="${size}" font-weight="700" fill="#fff" text-anchor="middle" dominant-baseline="middle">${escapeXml(line)}</text>`,
    )
    .join("");
  const time = entry.time_desc
    ? `<text x="300" y="470" font-size="30" fill="#fff" opacity=".85" text-anchor="middle">${escapeXml(entry.time_desc)}</text>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600" font-family="'Noto Serif CJK SC','Noto Sans CJK SC',serif"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colours[0]}"/><stop offset="1" stop-color="${colours[1]}"/></linearGradient></defs><rect width="600" height="600" fill="url(#g)"/><rect x="24" y="24" width="552" height="552" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="3"/><text x="300" y="96" font-size="32" fill="#fff" opacity=".85" text-anchor="middle">${label}</text>${name}${time}<text x="300" y="548" font-size="22" fill="#fff" opacity=".6" text-anchor="middle">通鉴 · 示意图</text></svg>`;
}

function wrap(title: string, perLine: number): string[] {
  const chars = [...title];
  const lines: string[] = [];
  for (let i = 0; i < chars.length && lines.length < 3; i += perLine)
    lines.push(chars.slice(i, i + perLine).join(""));
  return lines;
}

function articleCover(article: { title: string; section: string }): string {
  const [from, to] = SECTION_COLOURS[article.section] ?? ["#444", "#888"];
  const lines = wrap(article.title, 12);
  const text = lines
    .map(
      (line, i) =>
        `<text x="48" y="${150 + i * 64}" font-size="52" font-weight="700" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="420" viewBox="0 0 750 420" font-family="'Noto Serif CJK SC','Noto Sans CJK SC',serif"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="750" height="420" fill="url(#g)"/><text x="48" y="84" font-size="28" fill="#fff" opacity=".8">${escapeXml(article.section)}</text>${text}<text x="702" y="392" font-size="20" fill="#fff" opacity=".6" text-anchor="end">通鉴 · 示意封面</text></svg>`;
}

// 洞察 topics have no section: each takes one of these by its id, so a topic keeps its colour.
const TOPIC_COLOURS: [string, string][] = [
  ["#5a2a1e", "#a0523a"],
  ["#2b3a4f", "#5f7fa3"],
  ["#33422a", "#6f8550"],
  ["#4a2f4f", "#8a5f90"],
  ["#1f4440", "#4a8a80"],
  ["#4f3a1e", "#9a7440"],
];

/** A topic's cover: its era, the few words chosen for it, and its title under them. */
function topicCover(topic: { id: string; era: string; cover_text: string; title: string }) {
  const [from, to] = TOPIC_COLOURS[Number.parseInt(topic.id.slice(0, 6), 16) % 6] ?? [
    "#444",
    "#888",
  ];
  const words = [...topic.cover_text].length;
  const size = words <= 4 ? 96 : words <= 6 ? 76 : 60;
  const title = wrap(topic.title, 16)
    .slice(0, 2)
    .map(
      (line, i) =>
        `<text x="48" y="${300 + i * 40}" font-size="30" fill="#fff" opacity=".9">${escapeXml(line)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="420" viewBox="0 0 750 420" font-family="'Noto Serif CJK SC','Noto Sans CJK SC',serif"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="750" height="420" fill="url(#g)"/><text x="48" y="78" font-size="26" fill="#fff" opacity=".8">洞察 · ${escapeXml(topic.era)}</text><text x="46" y="${120 + size}" font-size="${size}" font-weight="700" fill="#fff">${escapeXml(topic.cover_text)}</text>${title}<text x="702" y="390" font-size="26" fill="#fff" opacity=".75" text-anchor="end">通鉴 · 示意封面</text></svg>`;
}

/** The sample covers of articles, topics and entries that have no image of their own. */
export function createCoverService(deps: {
  articles: ArticleRepository;
  entries: EntryRepository;
  insights: InsightRepository;
}) {
  return {
    /** The SVG drawn for an article, a topic or an entry. */
    async cover(id: string): Promise<string> {
      const article = await deps.articles.findById(id);
      if (article) return articleCover(article);
      const topic = await deps.insights.findById(id);
      if (topic) return topicCover(topic);
      const entry = await deps.entries.findById(id);
      if (!entry) throw new NotFoundError("封面不存在");
      return entryCover(entry);
    },
  };
}

export type CoverService = ReturnType<typeof createCoverService>;
