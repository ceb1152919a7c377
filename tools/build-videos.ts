/**
 * `npm run video:build`: renders the sample videos of /watch and the live replays from the
 * corpus's events (content/events/*.yaml) and packages each as HLS.
 *
 * Each video is a slideshow of one period's major events: a title card, then one card per event
 * (year, name, the first sentence of its summary), every card marked 示意. The cards are drawn as
 * SVG and rasterised with sharp (Noto CJK fonts); ffmpeg encodes them as H.264 at 640×360 and
 * cuts the stream into MPEG-TS segments with a VOD playlist. A WebVTT file carries one caption
 * per card, a JPEG poster is the title card, and content/videos/catalogue.json lists the videos
 * for the server.
 *
 * Needs ffmpeg (Debian: `apt-get install ffmpeg`) and the Noto CJK fonts
 * (`apt-get install fonts-noto-cjk`). The outputs are committed, so a machine without ffmpeg
 * serves them as they are.
 */
import { execFileSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import sharp from "sharp";
import { parse as parseYaml } from "yaml";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(ROOT, "content", "videos");
const WIDTH = 640;
const HEIGHT = 360;
const TITLE_SECONDS = 4;
const CARD_SECONDS = 4;
const FPS = 12;

interface EventRecord {
  key: string;
  name: string;
  start: { year: number };
  end?: { year: number };
  category?: string;
  summary: string;
}

interface VideoPlan {
  id: string;
  title: string;
  era: string;
  /** For the 少儿 channel as well as the main one. */
  young: boolean;
  description: string;
  file: string;
  events: string[];
  /** Two colours of the card background, from the period's palette. */
  palette: [string, string];
}

const PLANS: VideoPlan[] = [
  {
    id: "qin-han-da-shi",
    title: "秦汉大事",
    era: "秦汉",
    young: true,
    description: "从秦灭六国到蔡伦改进造纸术，六张卡片串起秦汉的统一、制度、边疆与技术。",
    file: "qin-han.yaml",
    events: [
      "qin-mie-liu-guo",
      "qin-tong-yi-zhi-du",
      "meng-tian-bei-ji-xiong-nu",
      "chu-han-zhan-zheng",
      "zhang-qian-chu-shi-xi-yu",
      "cai-lun-gai-jin-zao-zhi-shu",
    ],
    palette: ["#3b2a20", "#7a4b2a"],
  },
  {
    id: "sui-tang-da-shi",
    title: "隋唐五代大事",
    era: "隋唐",
    young: false,
    description: "从隋灭陈到五代更迭，按年份依次看隋唐五代的六个大事节点。",
    file: "sui-tang-five.yaml",
    events: [],
    palette: ["#2a2f45", "#5b3a62"],
  },
  {
    id: "song-yuan-da-shi",
    title: "宋辽金元大事",
    era: "宋元",
    young: true,
    description: "宋与辽、金、元并立又更替的几百年，按年份依次看六个大事节点。",
    file: "song-liao-jin-yuan.yaml",
    events: [],
    palette: ["#1f3a3a", "#2f5d50"],
  },
  {
    id: "ming-qing-da-shi",
    title: "明清大事",
    era: "明清",
    young: false,
    description: "明清两代五百余年，按年份依次看六个大事节点。",
    file: "ming-qing.yaml",
    events: [],
    palette: ["#402020", "#6d3b2b"],
  },
];

const CARDS_PER_VIDEO = 6;

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const yearText = (year: number) => (year < 0 ? `前${-year}年` : `${year}年`);
const span = (e: EventRecord) =>
  e.end && e.end.year !== e.start.year
    ? `${yearText(e.start.year)}—${yearText(e.end.year)}`
    : yearText(e.start.year);

/** The first sentence of a summary, cut to fit two lines of the card. */
function firstSentence(summary: string): string {
  const end = summary.search(/[。！？]/);
  const sentence = end >= 0 ? summary.slice(0, end + 1) : summary;
  return sentence.length > 44 ? `${sentence.slice(0, 43)}…` : sentence;
}

/** Breaks Chinese text into lines of at most `per` characters. */
function lines(text: string, per: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += per) out.push(text.slice(i, i + per));
  return out;
}

const FONT = "Noto Sans CJK SC, Noto Serif CJK SC, sans-serif";

function cardSvg(
  plan: VideoPlan,
  body: { kicker: string; heading: string; text: string[]; index: string },
) {
  const [from, to] = plan.palette;
  const textLines = body.text
    .map(
      (line, i) =>
        `<text x="48" y="${250 + i * 30}" font-size="22" fill="#f4ecdf" font-family="${FONT}">${escapeXml(line)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <rect x="24" y="24" width="${WIDTH - 48}" height="${HEIGHT - 48}" fill="none" stroke="#d9b77a" stroke-opacity="0.5" stroke-width="2"/>
  <text x="48" y="78" font-size="22" fill="#d9b77a" font-family="${FONT}">${escapeXml(body.kicker)}</text>
  <text x="48" y="${body.heading.length > 14 ? 170 : 180}" font-size="${body.heading.length > 14 ? 34 : 48}" font-weight="bold" fill="#fffaf0" font-family="${FONT}">${escapeXml(body.heading)}</text>
  ${textLines}
  <rect x="${WIDTH - 112}" y="40" width="64" height="32" rx="6" fill="#000" fill-opacity="0.45"/>
  <text x="${WIDTH - 80}" y="63" font-size="18" text-anchor="middle" fill="#fffaf0" font-family="${FONT}">示意</text>
  <text x="${WIDTH - 48}" y="${HEIGHT - 40}" font-size="16" text-anchor="end" fill="#d9b77a" font-family="${FONT}">${escapeXml(body.index)}</text>
</svg>`;
}

const vttTime = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${s.toFixed(3).padStart(6, "0")}`;
};

function pickEvents(plan: VideoPlan): EventRecord[] {
  const all = parseYaml(
    readFileSync(join(ROOT, "content", "events", plan.file), "utf8"),
  ) as EventRecord[];
  if (plan.events.length) {
    return plan.events.map((key) => {
      const found = all.find((e) => e.key === key);
      if (!found) throw new Error(`${plan.id}: no event ${key} in ${plan.file}`);
      return found;
    });
  }
  // Spread evenly over the period, in the order of the file (by year).
  const sorted = [...all].sort((a, b) => a.start.year - b.start.year);
  const step = sorted.length / CARDS_PER_VIDEO;
  return Array.from(
    { length: CARDS_PER_VIDEO },
    (_, i) => sorted[Math.floor(i * step + step / 2)] as EventRecord,
  );
}

async function build(plan: VideoPlan) {
  const events = pickEvents(plan);
  const dir = join(OUT, plan.id);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), "tongjian-video-"));
  const cards: { png: string; seconds: number; caption: string }[] = [];
  const titleSvg = cardSvg(plan, {
    kicker: `${plan.era} · 大事串讲`,
    heading: plan.title,
    text: lines(plan.description, 24).slice(0, 2),
    index: "通鉴 · 示意短片",
  });
  cards.push({
    png: join(work, "00.png"),
    seconds: TITLE_SECONDS,
    caption: `${plan.title}（示意）`,
  });
  await sharp(Buffer.from(titleSvg)).png().toFile(cards[0]!.png);
  for (const [i, event] of events.entries()) {
    const png = join(work, `${String(i + 1).padStart(2, "0")}.png`);
    const svg = cardSvg(plan, {
      kicker: `${span(event)}${event.category ? ` · ${event.category}` : ""}`,
      heading: event.name,
      text: lines(firstSentence(event.summary), 24).slice(0, 2),
      index: `${i + 1} / ${events.length}`,
    });
    await sharp(Buffer.from(svg)).png().toFile(png);
    cards.push({ png, seconds: CARD_SECONDS, caption: `${span(event)}，${event.name}。` });
  }
  // The concat list holds each card for its seconds; the last is repeated, as concat requires.
  const list =
    cards.map((c) => `file '${c.png}'\nduration ${c.seconds}\n`).join("") +
    `file '${cards.at(-1)!.png}'\n`;
  writeFileSync(join(work, "cards.txt"), list);
  const total = cards.reduce((sum, c) => sum + c.seconds, 0);
  execFileSync(
    "ffmpeg",
    [
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-f",
      "concat",
      "-safe",
      "0",
      "-i",
      join(work, "cards.txt"),
      "-vf",
      `fps=${FPS},format=yuv420p`,
      "-t",
      String(total),
      "-c:v",
      "libx264",
      "-profile:v",
      "baseline",
      "-level",
      "3.0",
      "-preset",
      "veryslow",
      "-tune",
      "stillimage",
      "-crf",
      "30",
      "-maxrate",
      "300k",
      "-bufsize",
      "600k",
      "-g",
      String(FPS * 4),
      "-keyint_min",
      String(FPS * 4),
      "-sc_threshold",
      "0",
      "-f",
      "hls",
      "-hls_time",
      "4",
      "-hls_playlist_type",
      "vod",
      "-hls_segment_filename",
      join(dir, "seg-%03d.ts"),
      join(dir, "index.m3u8"),
    ],
    { stdio: "inherit" },
  );
  await sharp(cards[0]!.png).jpeg({ quality: 70 }).toFile(join(dir, "poster.jpg"));
  let at = 0;
  const cues = cards.map((c, i) => {
    const cue = `${i + 1}\n${vttTime(at)} --> ${vttTime(at + c.seconds)}\n${c.caption}\n`;
    at += c.seconds;
    return cue;
  });
  writeFileSync(join(dir, "captions.zh.vtt"), `WEBVTT\n\n${cues.join("\n")}`);
  rmSync(work, { recursive: true, force: true });
  const bytes = readdirSync(dir).reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
  return {
    id: plan.id,
    title: plan.title,
    era: plan.era,
    young: plan.young,
    description: plan.description,
    durationSeconds: total,
    events: events.map((e) => e.key),
    bytes,
  };
}

const videos = [];
for (const plan of PLANS) {
  const video = await build(plan);
  console.log(`${video.id}: ${video.durationSeconds} s, ${(video.bytes / 1024).toFixed(0)} KB`);
  videos.push(video);
}
writeFileSync(
  join(OUT, "catalogue.json"),
  `${JSON.stringify({ licence: "通鉴项目自制示意视频，随项目代码一同发布", videos }, null, 2)}\n`,
);
