import type { SearchEntryHit } from "@tongjian/contracts/search";
import { ENTRY_KIND_NAMES } from "@tongjian/domain/entry-kinds";
import { SEARCH_KEYWORD_MAX_LENGTH } from "@tongjian/domain/search-keyword";
import { useEffect, useId, useState } from "react";
import { usePlatform } from "../../shell/platform.tsx";

const SUGGEST_DEBOUNCE_MS = 200;

/** An entry chosen as one end of the path. */
export interface PickedEntry {
  id: string;
  name: string;
  note: string | null;
}

/**
 * One end of the path: the chosen entry, or a box that suggests entries as the reader types
 * (the search box's suggestions, POST /api/search/getSuggestion).
 */
export function EntryPicker({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: PickedEntry | null;
  onChange: (entry: PickedEntry | null) => void;
}) {
  const { api } = usePlatform();
  const [keyword, setKeyword] = useState("");
  const [hits, setHits] = useState<SearchEntryHit[]>([]);
  const [state, setState] = useState<"idle" | "loading" | "error">("idle");
  const [attempt, setAttempt] = useState(0);
  const inputId = useId();
  const listId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt asks again.
  useEffect(() => {
    const k = keyword.trim();
    if (!k) {
      setHits([]);
      setState("idle");
      return;
    }
    let live = true;
    const timer = window.setTimeout(() => {
      setState("loading");
      api
        .post<SearchEntryHit[]>("/api/search/getSuggestion", { keyword: k })
        .then((list) => {
          if (!live) return;
          setHits(list);
          setState("idle");
        })
        .catch(() => {
          if (!live) return;
          setHits([]);
          setState("error");
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [api, keyword, attempt]);

  if (value) {
    return (
      <div className="tj-abpath-pick tj-abpath-pick--chosen">
        <span className="tj-abpath-pick__label">{label}</span>
        <span className="tj-abpath-pick__name">
          <strong>{value.name}</strong>
          {value.note && <small>{value.note}</small>}
        </span>
        <button
          type="button"
          className="tj-abpath-pick__change"
          onClick={() => onChange(null)}
          aria-label={`更换${label}「${value.name}」`}
        >
          更换
        </button>
      </div>
    );
  }

  return (
    <div className="tj-abpath-pick">
      <label className="tj-abpath-pick__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        type="search"
        value={keyword}
        maxLength={SEARCH_KEYWORD_MAX_LENGTH}
        onChange={(e) => setKeyword(e.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        aria-controls={hits.length > 0 ? listId : undefined}
        aria-describedby={`${listId}-status`}
      />
      <p id={`${listId}-status`} className="tj-abpath-pick__status" aria-live="polite">
        {state === "loading" && "正在查找…"}
        {state === "error" && (
          <>
            联想加载失败，
            <button
              type="button"
              className="tj-link-button"
              onClick={() => setAttempt((n) => n + 1)}
            >
              重试
            </button>
          </>
        )}
        {state === "idle" && keyword.trim() && hits.length === 0 && "没有匹配的词条，换个名字试试"}
        {state === "idle" && hits.length > 0 && `${hits.length} 个建议`}
      </p>
      {hits.length > 0 && (
        <ul id={listId} className="tj-abpath-pick__list" aria-label={`${label}建议`}>
          {hits.map((hit) => {
            const note = [ENTRY_KIND_NAMES[hit.kind], hit.timeDesc, hit.author]
              .filter(Boolean)
              .join(" ");
            return (
              <li key={hit.id}>
                <button
                  type="button"
                  onClick={() => {
                    onChange({ id: hit.id, name: hit.name, note: note || null });
                    setKeyword("");
                  }}
                >
                  <strong>{hit.name}</strong>
                  {note && <small>{note}</small>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
