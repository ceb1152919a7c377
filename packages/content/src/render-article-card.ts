import { escapeHtml } from "@tongjian/domain/escape-html";
import { formatHistoricalDate, formatYear, formatYearRange } from "@tongjian/domain/year-format";
import type { ArticleCardSpec } from "./article-card-schema.ts";
import type { HistoricalDate, PlaceRecord, RegimeRecord } from "./content-schema.ts";
import type { ContentEntry, EntryKind } from "./load-content.ts";

/**
 * Turns a card of an article body into HTML built only from tags and attributes that the spec §5
 * sanitiser keeps (figure, links, lists, img, video; class and data-*), filled with facts from
 * the corpus. Unknown keys are reported through the context and leave the card out.
 */

export interface CardArticleRef {
  id: string;
  title: string;
  section: string;
  coverUrl: string;
}

export interface CardContext {
  /** The article that holds the card. */
  article: CardArticleRef;
  /** Looks a key up, reporting a missing key or a wrong kind for `field`. */
  entry(key: string, field: string, kinds: EntryKind[]): ContentEntry | undefined;
  otherArticle(key: string, field: string): CardArticleRef | undefined;
  issue(field: string, message: string): void;
  /** A stable id for records that are not entries (paintings). */
  idFor(kind: "painting", key: string): string;
}

const SUMMARY_CHARS = 40;

const e = escapeHtml;

function shorten(text: string, max: number): string {
  const chars = [...text.trim()];
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : chars.join("");
}

function entryLink(entry: ContentEntry, text = entry.name): string {
  return `<a href="/detail/${entry.id}" data-id="${entry.id}" class="inner-link">${e(text)}</a>`;
}

function head(kind: string, title: string): string {
  return `<figcaption class="tj-card__head"><span class="tj-card__kind">${e(kind)}</span><strong class="tj-card__title">${e(title)}</strong></figcaption>`;
}

function figure(type: ArticleCardSpec["type"], inner: string, attrs = ""): string {
  return `<figure class="tj-card tj-card--${type}" data-card="${type}"${attrs}>${inner}</figure>`;
}

function dateOf(value: number | HistoricalDate): HistoricalDate {
  return typeof value === "number" ? { year: value } : value;
}

function byDate(a: HistoricalDate, b: HistoricalDate): number {
  return a.year - b.year || (a.month ?? 0) - (b.month ?? 0) || (a.day ?? 0) - (b.day ?? 0);
}

/**
 * The name a place had in a year (names over time), else its usual name. Names without years
 * say nothing about when they applied; of several that cover the year, the latest to begin wins
 * (开封府 from 907, 东京开封府 960–1127 → 东京开封府 in 1100).
 */
export function placeNameAt(place: PlaceRecord, year: number): string {
  let best: PlaceRecord["names"][number] | null = null;
  for (const n of place.names) {
    if (n.from === undefined && n.to === undefined) continue;
    if ((n.from !== undefined && n.from > year) || (n.to !== undefined && year > n.to)) continue;
    if (!best || (n.from ?? -Infinity) >= (best.from ?? -Infinity)) best = n;
  }
  return best?.name ?? place.name;
}

/** Who reigned in a year; in a year of succession, the one who came to the throne. */
export function rulerAt(regime: RegimeRecord, year: number): RegimeRecord["rulers"][number] | null {
  let found: RegimeRecord["rulers"][number] | null = null;
  for (const ruler of regime.rulers) {
    if (ruler.start === undefined || ruler.start > year) continue;
    if (ruler.end !== undefined && ruler.end < year) continue;
    found = ruler;
  }
  return found;
}

function formatCoordinate(lat: number, lng: number): string {
  const ns = lat >= 0 ? `北纬${lat.toFixed(2)}°` : `南纬${(-lat).toFixed(2)}°`;
  const ew = lng >= 0 ? `东经${lng.toFixed(2)}°` : `西经${(-lng).toFixed(2)}°`;
  return `${ns} ${ew}`;
}

function timeline(card: Extract<ArticleCardSpec, { type: "timeline" }>, ctx: CardContext) {
  const events = card.events
    .map((key, i) => ctx.entry(key, `events.${i}`, ["event"]))
    .filter((x): x is ContentEntry => x !== undefined && x.start !== undefined);
  if (events.length !== card.events.length) return null;
  events.sort((a, b) => byDate(a.start as HistoricalDate, b.start as HistoricalDate));
  const items = events
    .map((ev) => {
      const when = formatHistoricalDate(ev.start as HistoricalDate);
      return `<li class="tj-card__event"><span class="tj-card__year">${e(when)}</span>${entryLink(ev)}<span class="tj-card__summary">${e(shorten(ev.summary, SUMMARY_CHARS))}</span></li>`;
    })
    .join("");
  return figure(
    "timeline",
    `${head("时间线", card.title)}<ol class="tj-card__events">${items}</ol>`,
  );
}

function timeMap(card: Extract<ArticleCardSpec, { type: "timemap" }>, ctx: CardContext) {
  const entry = ctx.entry(card.regime, "regime", ["regime"]);
  if (!entry) return null;
  const regime = entry.record as RegimeRecord;
  const endYear = regime.end?.year ?? regime.start.year;
  if (card.year < regime.start.year || card.year > endYear) {
    const span = formatYearRange(regime.start, regime.end ?? regime.start);
    ctx.issue("year", `${formatYear(card.year)}不在${regime.name}（${span}）的年代内`);
    return null;
  }
  const ruler = rulerAt(regime, card.year);
  const rulerEntry = ruler?.person ? ctx.entry(ruler.person, "regime", ["person"]) : undefined;
  const capitals = regime.capitals
    .map((key) => ctx.entry(key, "regime", ["place"]))
    .filter((x): x is ContentEntry => x !== undefined)
    .map((p) => entryLink(p, placeNameAt(p.record as PlaceRecord, card.year)));
  const facts = [
    `<li><span>政权</span>${entryLink(entry)}（${e(formatYearRange(regime.start, regime.end ?? regime.start))}）</li>`,
    ruler
      ? `<li><span>在位</span>${rulerEntry ? entryLink(rulerEntry, ruler.name) : e(ruler.name)}</li>`
      : "",
    capitals.length > 0 ? `<li><span>都城</span>${capitals.join("、")}</li>` : "",
  ].join("");
  const mapUrl = `/map/detail/${entry.id}?year=${card.year}`;
  const title = card.title ?? `${formatYear(card.year)}的${regime.name}`;
  return figure(
    "timemap",
    `${head("时空地图", title)}<div class="tj-card__map"><span class="tj-card__map-year">${e(formatYear(card.year))}</span><span class="tj-card__map-name">${e(regime.name)}</span></div><ul class="tj-card__facts">${facts}</ul>${card.note ? `<p class="tj-card__note">${e(card.note)}</p>` : ""}<a class="tj-card__action" href="${e(mapUrl)}">在时空地图中查看</a>`,
    ` data-year="${card.year}" data-regime-id="${entry.id}"`,
  );
}

function painting(card: Extract<ArticleCardSpec, { type: "painting" }>, ctx: CardContext) {
  const painter = ctx.entry(card.painter, "painter", ["person"]);
  if (!painter) return null;
  const id = ctx.idFor("painting", card.key);
  const meta = [
    entryLink(painter),
    card.year !== undefined ? e(formatHistoricalDate(dateOf(card.year))) : "",
    card.medium ? e(card.medium) : "",
  ]
    .filter(Boolean)
    .join(" · ");
  return figure(
    "painting",
    `<a class="tj-card__art" href="/painting/${id}"><img class="tj-card__art-image" src="/media/painting/${id}/thumb.jpg" alt="${e(card.title)}" width="96" height="150" loading="lazy" decoding="async"><span class="tj-card__art-title">${e(card.title)}</span></a><figcaption class="tj-card__body"><span class="tj-card__kind">名画</span><a class="tj-card__title" href="/painting/${id}">${e(card.title)}</a><span class="tj-card__meta">${meta}</span>${card.holder ? `<span class="tj-card__meta">藏于${e(card.holder)}</span>` : ""}${card.note ? `<span class="tj-card__note">${e(card.note)}</span>` : ""}</figcaption>`,
    ` data-painting-id="${id}"`,
  );
}

function book(card: Extract<ArticleCardSpec, { type: "book" }>, ctx: CardContext) {
  const author = card.author ? ctx.entry(card.author, "author", ["person"]) : undefined;
  if (card.author && !author) return null;
  const meta = [author ? entryLink(author) : "", card.era ? e(card.era) : ""]
    .filter(Boolean)
    .join(" · ");
  return figure(
    "book",
    card.book
      ? `<a class="tj-card__book-cover" href="/book/${e(card.book)}" tabindex="-1" aria-hidden="true"><span>${e(card.title)}</span></a><figcaption class="tj-card__body"><span class="tj-card__kind">典籍</span><a class="tj-card__title" href="/book/${e(card.book)}">${e(card.title)}</a>${meta ? `<span class="tj-card__meta">${meta}</span>` : ""}<span class="tj-card__note">${e(card.note)}</span></figcaption>`
      : `<div class="tj-card__book-cover"><span>${e(card.title)}</span></div><figcaption class="tj-card__body"><span class="tj-card__kind">典籍</span><strong class="tj-card__title">${e(card.title)}</strong>${meta ? `<span class="tj-card__meta">${meta}</span>` : ""}<span class="tj-card__note">${e(card.note)}</span></figcaption>`,
  );
}

function video(card: Extract<ArticleCardSpec, { type: "video" }>, ctx: CardContext) {
  const poster = card.poster ?? ctx.article.coverUrl;
  const player = card.src
    ? `<video controls preload="none" poster="${e(poster)}" src="${e(card.src)}"></video>`
    : `<div class="tj-card__poster"><img src="${e(poster)}" alt="${e(card.title)}（封面）" width="750" height="420" loading="lazy" /><span class="tj-card__badge">视频暂未收录，仅展示封面</span></div>`;
  return figure(
    "video",
    `${player}${head("视频", card.title)}${card.note ? `<p class="tj-card__note">${e(card.note)}</p>` : ""}`,
    card.src ? "" : ` data-state="poster-only"`,
  );
}

function scene(card: Extract<ArticleCardSpec, { type: "scene" }>, ctx: CardContext) {
  const entry = ctx.entry(card.place, "place", ["place"]);
  if (!entry) return null;
  const place = entry.record as PlaceRecord;
  const nameThen = placeNameAt(place, card.year);
  return figure(
    "scene",
    `${head(`场景 · ${formatYear(card.year)}`, card.title)}<p class="tj-card__place">${entryLink(entry, nameThen)}<span>今${e(place.modern)} · ${formatCoordinate(place.lat, place.lng)}</span></p><p class="tj-card__note">${e(card.note)}</p>`,
    ` data-year="${card.year}"`,
  );
}

function gallery(card: Extract<ArticleCardSpec, { type: "gallery" }>, ctx: CardContext) {
  const items = card.articles.map((key, i) => ctx.otherArticle(key, `articles.${i}`));
  if (items.some((x) => x === undefined)) return null;
  const list = (items as CardArticleRef[])
    .map(
      (a) =>
        `<li><a href="/ah/article/${a.id}"><img src="${e(a.coverUrl)}" alt="${e(a.title)}（示意封面）" width="750" height="420" loading="lazy" /><span>${e(a.title)}</span></a></li>`,
    )
    .join("");
  return figure("gallery", `${head("图集", card.title)}<ul class="tj-card__gallery">${list}</ul>`);
}

export function renderArticleCard(card: ArticleCardSpec, ctx: CardContext): string | null {
  switch (card.type) {
    case "timeline":
      return timeline(card, ctx);
    case "timemap":
      return timeMap(card, ctx);
    case "painting":
      return painting(card, ctx);
    case "book":
      return book(card, ctx);
    case "video":
      return video(card, ctx);
    case "scene":
      return scene(card, ctx);
    case "gallery":
      return gallery(card, ctx);
  }
}
