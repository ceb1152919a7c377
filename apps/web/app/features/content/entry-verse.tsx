import { AppLink } from "../../shell/app-link.tsx";
import type { EntryView } from "./entry-header.tsx";
import "./entry-verse.css";

/** A poem or a classic chapter: byline, the lines as verse (or prose paragraphs), notes. */
export function EntryVerse({ entry }: { entry: EntryView }) {
  const fact = (label: string) => entry.factList.find((f) => f.label === label)?.items[0];
  const author = fact("作者");
  const dynasty = fact("朝代");
  const source = entry.kind === "poem" ? fact("出处") : fact("书名");
  const tune = entry.kind === "poem" ? fact("词牌") : fact("篇章");
  const yuefu = entry.kind === "poem" ? fact("乐府") : undefined;
  const isPoem = entry.kind === "poem";
  return (
    <article className={isPoem ? "tj-verse" : "tj-verse tj-verse--prose"}>
      <p className="tj-verse__byline">
        {dynasty && <span>〔{dynasty.name}〕</span>}
        {author &&
          (author.id ? (
            <AppLink to={`/detail/${author.id}`}>{author.name}</AppLink>
          ) : (
            <span>{author.name}</span>
          ))}
      </p>
      {(source || tune || yuefu) && (
        <p className="tj-verse__source">
          {[source?.name && `《${source.name}》`, yuefu?.name && `乐府·${yuefu.name}`, tune?.name]
            .filter(Boolean)
            .join(" · ")}
        </p>
      )}
      <div className="tj-verse__text">
        {entry.verse.lines.length > 0 ? (
          entry.verse.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed text whose lines may repeat (refrains)
            <p key={i}>{line}</p>
          ))
        ) : (
          <p className="tj-empty">暂无正文</p>
        )}
      </div>
      {entry.verse.reading && (
        <section className="tj-verse__notes" aria-label="异文">
          <h2 className="tj-section__title">异文</h2>
          <p>{entry.verse.reading.note}</p>
        </section>
      )}
      {entry.verse.notes.length > 0 && (
        <section className="tj-verse__notes">
          <h2 className="tj-section__title">注释</h2>
          {entry.verse.notes.map((note, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed notes, never reordered
            <p key={i}>{note}</p>
          ))}
        </section>
      )}
    </article>
  );
}
