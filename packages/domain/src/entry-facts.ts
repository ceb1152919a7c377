import { isEntryKind, TEXT_ENTRY_KINDS } from "./entry-kinds.ts";
import { workCategoryInfo } from "./work-categories.ts";
import {
  formatHistoricalDate,
  formatYear,
  formatYearRange,
  type HistoricalDate,
  YEAR_RANGE_SEPARATOR,
  yearsBetween,
} from "./year-format.ts";

/**
 * The facts box of an entry page (字、号、生卒、都城 …), built from what the seed stores in
 * `entry.data` (docs/content-format.md): the record's own fields, plus `refs`, which maps every
 * key the record mentions to the entry it names, so keys become links and never show as text.
 */

/** Items of a list fact (君主, 历代名称) shown before 查看全部. */
export const FACT_LIST_PREVIEW_COUNT = 8;

export interface EntryRef {
  id: string;
  name: string;
  kind: string;
}

/** One item of a fact: a link when it names an entry, with an optional note (years, a remark). */
export interface FactItem {
  name: string;
  id?: string;
  note?: string;
}

export interface Fact {
  label: string;
  items: FactItem[];
  /** Several items read as a list (君主, 历代名称) rather than one line joined with 、. */
  list?: boolean;
}

type Data = Record<string, unknown>;

export const GENDER_NAMES: Record<string, string> = { male: "男", female: "女" };

function asDate(value: unknown): HistoricalDate | undefined {
  if (!value || typeof value !== "object") return undefined;
  const year = (value as { year?: unknown }).year;
  if (typeof year !== "number" || !Number.isSafeInteger(year) || year === 0) return undefined;
  return value as HistoricalDate;
}

function asYear(value: unknown): number | undefined {
  return typeof value === "number" && Number.isSafeInteger(value) && value !== 0
    ? value
    : undefined;
}

function asText(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}

function asTextList(value: unknown): string[] {
  return Array.isArray(value) ? value.map(asText).filter((v): v is string => !!v) : [];
}

function refsOf(data: Data): Record<string, EntryRef> {
  const refs = data.refs;
  return refs && typeof refs === "object" ? (refs as Record<string, EntryRef>) : {};
}

/** A key the corpus resolved becomes a link; one it did not is left out rather than shown raw. */
function refItem(refs: Record<string, EntryRef>, key: unknown, note?: string): FactItem | null {
  if (typeof key !== "string") return null;
  const ref = refs[key];
  if (!ref) return null;
  return note ? { name: ref.name, id: ref.id, note } : { name: ref.name, id: ref.id };
}

function refItems(refs: Record<string, EntryRef>, keys: unknown): FactItem[] {
  return Array.isArray(keys)
    ? keys.map((k) => refItem(refs, k)).filter((v): v is FactItem => v !== null)
    : [];
}

/**
 * "701年—762年", "约前551年—前479年", "生于1920年", "卒于前210年"; open-ended years for optional
 * bounds (a place name "1369年起", "至前771年").
 */
export function formatSpan(
  start: HistoricalDate | number | undefined,
  end: HistoricalDate | number | undefined,
  open: { start: string; end: string } = { start: "起", end: "至" },
): string | undefined {
  if (start !== undefined && end !== undefined) return formatYearRange(start, end);
  if (start !== undefined) return `${formatHistoricalDate(start)}${open.start}`;
  if (end !== undefined) return `${open.end}${formatHistoricalDate(end)}`;
  return undefined;
}

/** "北纬34.27°，东经108.93°"; south and west read 南纬 and 西经. */
export function formatCoordinates(lat: number, lng: number): string {
  const latText = `${lat < 0 ? "南纬" : "北纬"}${Math.abs(lat)}°`;
  const lngText = `${lng < 0 ? "西经" : "东经"}${Math.abs(lng)}°`;
  return `${latText}，${lngText}`;
}

function push(facts: Fact[], label: string, items: FactItem[], list = false) {
  if (items.length === 0) return;
  facts.push(list ? { label, items, list } : { label, items });
}

const text = (name: string | undefined): FactItem[] => (name ? [{ name }] : []);

function personFacts(data: Data, refs: Record<string, EntryRef>): Fact[] {
  const facts: Fact[] = [];
  push(facts, "字", text(asText(data.courtesy)));
  push(
    facts,
    "号",
    asTextList(data.style).map((name) => ({ name })),
  );
  push(facts, "性别", text(GENDER_NAMES[String(data.gender)]));
  const born = asDate(data.born);
  const died = asDate(data.died);
  const life =
    born && died
      ? formatYearRange(born, died)
      : formatSpan(born, died, { start: "生", end: "卒于" });
  push(facts, "生卒", text(life));
  const regime = refItem(refs, data.regime);
  push(facts, "朝代", regime ? [regime] : []);
  // 籍贯 is written as text ("绵州昌隆（今四川江油）"); the place key, when given, links it.
  const native = asText(data.native);
  const place = refItem(refs, data.place);
  if (native) push(facts, "籍贯", [place ? { name: native, id: place.id } : { name: native }]);
  else if (place) push(facts, "籍贯", [place]);
  push(
    facts,
    "身份",
    asTextList(data.roles).map((name) => ({ name })),
  );
  return facts;
}

function regimeFacts(data: Data, refs: Record<string, EntryRef>): Fact[] {
  const facts: Fact[] = [];
  const start = asDate(data.start);
  const end = asDate(data.end);
  let span = formatSpan(start, end);
  if (start && end) {
    const years = yearsBetween(start.year, end.year);
    if (years > 0) span += `（${start.approx || end.approx ? "约" : ""}${years}年）`;
  }
  push(facts, "起止", text(span));
  push(facts, "时期", text(asText(data.period)));
  push(facts, "都城", refItems(refs, data.capitals));
  const founder = refItem(refs, data.founder);
  push(facts, "建立者", founder ? [founder] : []);
  const rulers = Array.isArray(data.rulers) ? (data.rulers as Data[]) : [];
  push(
    facts,
    "君主",
    rulers
      .map((ruler): FactItem | null => {
        const name = asText(ruler.name);
        if (!name) return null;
        const from = asYear(ruler.start);
        const to = asYear(ruler.end);
        const years =
          from !== undefined && to !== undefined
            ? `${formatYear(from)}${YEAR_RANGE_SEPARATOR}${formatYear(to)}`
            : formatSpan(from, to, { start: "即位", end: "至" });
        const note = years ? `${ruler.approx ? "约" : ""}${years}` : undefined;
        const linked = refItem(refs, ruler.person);
        const item: FactItem = linked ? { name, id: linked.id } : { name };
        if (note) item.note = note;
        return item;
      })
      .filter((v): v is FactItem => v !== null),
    true,
  );
  const before = refItem(refs, data.predecessor);
  push(facts, "前承", before ? [before] : []);
  const after = refItem(refs, data.successor);
  push(facts, "后继", after ? [after] : []);
  return facts;
}

function eventFacts(data: Data, refs: Record<string, EntryRef>): Fact[] {
  const facts: Fact[] = [];
  const start = asDate(data.start);
  const end = asDate(data.end);
  push(facts, "时间", text(start && end ? formatYearRange(start, end) : formatSpan(start, end)));
  const regime = refItem(refs, data.regime);
  push(facts, "朝代", regime ? [regime] : []);
  push(facts, "地点", refItems(refs, data.places));
  push(facts, "参与者", refItems(refs, data.participants));
  push(facts, "类别", text(asText(data.category)));
  return facts;
}

function placeFacts(data: Data): Fact[] {
  const facts: Fact[] = [];
  push(facts, "今地", text(asText(data.modern)));
  if (typeof data.lat === "number" && typeof data.lng === "number") {
    push(facts, "坐标", [{ name: formatCoordinates(data.lat, data.lng) }]);
  }
  const names = Array.isArray(data.names) ? (data.names as Data[]) : [];
  push(
    facts,
    "历代名称",
    names
      .map((n): FactItem | null => {
        const name = asText(n.name);
        if (!name) return null;
        const span = formatSpan(asYear(n.from), asYear(n.to));
        const note = [span, asText(n.note)].filter(Boolean).join("，");
        return note ? { name, note } : { name };
      })
      .filter((v): v is FactItem => v !== null),
    true,
  );
  return facts;
}

/**
 * A curated work: its creators as links (with the part they had), its date or era, regime,
 * category and form, and where the original is kept.
 */
function workFacts(data: Data, refs: Record<string, EntryRef>): Fact[] {
  const facts: Fact[] = [];
  const info = workCategoryInfo(data.category);
  const creators = Array.isArray(data.creators) ? (data.creators as unknown[]) : [];
  const makers = creators
    .map((c) =>
      typeof c === "string"
        ? refItem(refs, c)
        : c && typeof c === "object"
          ? refItem(refs, (c as Data).person, asText((c as Data).role))
          : null,
    )
    .filter((v): v is FactItem => v !== null);
  push(facts, info.creatorLabel, [...makers, ...text(asText(data.attribution))]);
  const created = asDate(data.created);
  const start = asDate(data.start);
  const end = asDate(data.end);
  const when = created
    ? formatHistoricalDate(created)
    : start && end
      ? formatYearRange(start, end)
      : formatSpan(start, end);
  const era = asText(data.era);
  push(facts, "年代", when ? [era ? { name: when, note: era } : { name: when }] : text(era));
  const regime = refItem(refs, data.regime);
  push(facts, "朝代", regime ? [regime] : []);
  push(facts, "类别", text(asText(data.category)));
  push(facts, info.formLabel, text(asText(data.form)));
  push(facts, "收藏", text(asText(data.holder)));
  return facts;
}

/** Poems (contract with the chinese-poetry importer): {author, authorId, dynasty, collection, yuefu?, rhythmic?}. */
function poemFacts(data: Data): Fact[] {
  const facts: Fact[] = [];
  const author = asText(data.author);
  const authorId = asText(data.authorId);
  if (author) push(facts, "作者", [authorId ? { name: author, id: authorId } : { name: author }]);
  push(facts, "朝代", text(asText(data.dynasty)));
  push(facts, "词牌", text(asText(data.rhythmic)));
  push(facts, "出处", text(asText(data.collection)));
  push(facts, "乐府", text(asText(data.yuefu)));
  return facts;
}

function classicFacts(data: Data): Fact[] {
  const facts: Fact[] = [];
  push(facts, "书名", text(asText(data.book)));
  push(facts, "篇章", text(asText(data.chapter)));
  return facts;
}

export function entryFacts(kind: string, data: Data): Fact[] {
  const refs = refsOf(data);
  switch (kind) {
    case "person":
      return personFacts(data, refs);
    case "regime":
      return regimeFacts(data, refs);
    case "event":
      return eventFacts(data, refs);
    case "place":
      return placeFacts(data);
    case "poem":
      return poemFacts(data);
    case "classic":
      return classicFacts(data);
    case "work":
      return workFacts(data, refs);
    default:
      return [];
  }
}

/** A poem given in its common reading: what the imported text has, and a note naming both. */
export interface VerseReading {
  note: string;
  /** The lines as the imported text has them. */
  base: string[];
}

export interface EntryVerse {
  lines: string[];
  notes: string[];
  reading: VerseReading | null;
}

/** The text of a poem or a classic chapter, line by line; other kinds have none. */
export function entryVerse(kind: string, data: Data): EntryVerse {
  if (!isEntryKind(kind) || !TEXT_ENTRY_KINDS.includes(kind)) {
    return { lines: [], notes: [], reading: null };
  }
  const note = asText(data.notes);
  const notes = Array.isArray(data.notes) ? asTextList(data.notes) : note ? [note] : [];
  const raw = data.reading;
  const reading =
    raw && typeof raw === "object" && !Array.isArray(raw)
      ? { note: asText((raw as Data).note) ?? "", base: asTextList((raw as Data).base) }
      : null;
  return {
    lines: asTextList(data.paragraphs),
    notes,
    reading: reading?.note ? reading : null,
  };
}
