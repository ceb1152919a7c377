import type { TimelineEvent } from "@tongjian/contracts/content";
import type { TimeListItem, TimelineDetailData } from "@tongjian/contracts/graph-time";
import { parseYearInput } from "@tongjian/domain/time-columns";
import { formatYear } from "@tongjian/domain/year-format";
import { type FormEvent, useId, useState } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import "./timeline-view.css";

const KIND_WORD: Record<string, string> = {
  person: "人物",
  regime: "朝代",
  event: "事件",
  work: "作品",
  place: "地点",
};

type Era = TimelineDetailData["eras"][number];

/** Each moment under the era it fell in (the first regime of the main line standing then). */
function byEra(list: TimelineEvent[], eras: Era[]) {
  const groups: { era: Era | null; items: TimelineEvent[] }[] = [];
  for (const item of list) {
    const era = eras.find((e) => e.start <= item.year && item.year <= e.end) ?? null;
    const last = groups[groups.length - 1];
    if (last && last.era?.id === era?.id) last.items.push(item);
    else groups.push({ era, items: [item] });
  }
  return groups;
}

/** One entry's life in dates, under era headings, with a jump to a year. */
export function TimelineView({ data }: { data: TimelineDetailData }) {
  const ids = useId();
  const [yearText, setYearText] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const { entry, list, eras, undated } = data;
  const groups = byEra(list, eras);

  const jump = (e: FormEvent) => {
    e.preventDefault();
    const year = parseYearInput(yearText);
    if (year === null) {
      setMessage("请输入年份，如 1080 或 前221");
      return;
    }
    const items = [...document.querySelectorAll<HTMLElement>("[data-year]")];
    const target = items.find((el) => Number(el.dataset.year) >= year) ?? items[items.length - 1];
    if (!target) return;
    setMessage(
      Number(target.dataset.year) === year
        ? null
        : `${formatYear(year)}没有记载，跳到之后最近的一条`,
    );
    target.scrollIntoView({ block: "center" });
    target.querySelector<HTMLElement>("a, [tabindex]")?.focus({ preventScroll: true });
  };

  return (
    <main className="tj-article tj-tline">
      <p className="tj-tline__kind">{KIND_WORD[entry.kind] ?? "词条"}的时间线</p>
      <h1 className="tj-article__title">{entry.name}</h1>
      {entry.timeDesc && <p className="tj-tline__years">{entry.timeDesc}</p>}
      <p className="tj-tline__links">
        <AppLink to={`/detail/${entry.id}`}>查看词条</AppLink>
        {data.onColumns && (
          <AppLink to={`/timeColumn?focus=${entry.id}`}>在时间柱上看同时代</AppLink>
        )}
      </p>

      {list.length === 0 ? (
        <p className="tj-empty">这个词条还没有带年份的记载。</p>
      ) : (
        <>
          {eras.length > 0 && (
            <nav className="tj-tline__eras" aria-label="按朝代跳转">
              {groups
                .filter((g) => g.era)
                .map((g) => (
                  <a key={g.era?.id} href={`#era-${g.era?.id}`} className="tj-tline__era-link">
                    {g.era?.name}
                  </a>
                ))}
            </nav>
          )}
          <form className="tj-tline__jump" onSubmit={jump} noValidate>
            <label htmlFor={`${ids}-y`}>跳到年份</label>
            <input
              id={`${ids}-y`}
              value={yearText}
              onChange={(e) => setYearText(e.target.value)}
              placeholder="如 1080"
              autoComplete="off"
            />
            <button type="submit" className="tj-button">
              跳转
            </button>
            {message && (
              <p className="tj-tline__message" role="status">
                {message}
              </p>
            )}
          </form>
          {groups.map((g, i) => (
            <section
              key={`${g.era?.id ?? "none"}-${g.items[0]?.year}`}
              className="tj-tline__group"
              aria-labelledby={`${ids}-g${i}`}
            >
              <h2 className="tj-tline__era" id={`${ids}-g${i}`}>
                {g.era ? (
                  <span id={`era-${g.era.id}`}>
                    {g.era.name}
                    <small>{g.era.timeDesc}</small>
                  </span>
                ) : (
                  "其他年代"
                )}
              </h2>
              <ol className="tj-timeline">
                {g.items.map((item) => (
                  <li
                    key={`${item.year}|${item.title}|${item.itemId}`}
                    className="tj-timeline__item"
                    data-year={item.year}
                  >
                    <time className="tj-timeline__time">{item.timeDesc}</time>
                    <div className="tj-timeline__body">
                      {item.itemId ? (
                        <AppLink to={`/detail/${item.itemId}`} className="tj-timeline__title">
                          {item.title}
                        </AppLink>
                      ) : (
                        <span className="tj-timeline__title">{item.title}</span>
                      )}
                      {item.desc && <p>{item.desc}</p>}
                    </div>
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </>
      )}
      {undated.length > 0 && (
        <section className="tj-tline__group" aria-labelledby={`${ids}-undated`}>
          <h2 className="tj-tline__era" id={`${ids}-undated`}>
            年份不详
          </h2>
          <ul className="tj-tline__undated">
            {undated.map((u) => (
              <li key={`${u.title}|${u.itemId}`}>
                {u.itemId ? <AppLink to={`/detail/${u.itemId}`}>{u.title}</AppLink> : u.title}
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

function ChooserGroup({ title, items }: { title: string; items: TimeListItem[] }) {
  if (items.length === 0) return null;
  return (
    <section className="tj-section">
      <h2 className="tj-section__title">{title}</h2>
      <ul className="tj-tline__choices">
        {items.map((item) => (
          <li key={item.id}>
            <AppLink className="tj-tline__choice" to={`/timeline/${item.id}`}>
              <span className="tj-tline__choice-name">{item.name}</span>
              {item.timeDesc && <span className="tj-tline__choice-time">{item.timeDesc}</span>}
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /timeline without an id: notable timelines, and a search for any other. */
export function TimelineChooser({
  people,
  regimes,
  events,
  q,
  found,
}: {
  people: TimeListItem[];
  regimes: TimeListItem[];
  events: TimeListItem[];
  q: string;
  found: TimeListItem[] | null;
}) {
  const ids = useId();
  return (
    <main className="tj-article tj-tline">
      <h1 className="tj-article__title">时间线</h1>
      <p className="tj-tline__lead">
        一个人的一生、一个朝代的兴亡、一场大事的经过，按年份排开。也可以在
        <AppLink to="/timeColumn">时间柱</AppLink>上看同一时代并立的政权与人物。
      </p>
      <form className="tj-tline__jump" method="get" action="/timeline" role="search">
        <label htmlFor={`${ids}-q`}>找时间线</label>
        <input
          id={`${ids}-q`}
          name="q"
          type="search"
          defaultValue={q}
          placeholder="人物、朝代或事件，如 苏轼"
          autoComplete="off"
        />
        <button type="submit" className="tj-button">
          搜索
        </button>
      </form>
      {found && (
        <section className="tj-section" aria-live="polite">
          <h2 className="tj-section__title">“{q}”的时间线</h2>
          {found.length > 0 ? (
            <ul className="tj-tline__choices">
              {found.map((item) => (
                <li key={item.id}>
                  <AppLink className="tj-tline__choice" to={`/timeline/${item.id}`}>
                    <span className="tj-tline__choice-name">{item.name}</span>
                    {item.timeDesc && (
                      <span className="tj-tline__choice-time">{item.timeDesc}</span>
                    )}
                  </AppLink>
                </li>
              ))}
            </ul>
          ) : (
            <p className="tj-empty">没有找到带年份的人物、朝代或事件，换个名字试试。</p>
          )}
        </section>
      )}
      <ChooserGroup title="人物" items={people} />
      <ChooserGroup title="历代王朝" items={regimes} />
      <ChooserGroup title="大事" items={events} />
    </main>
  );
}
