import type { ContentReadCaches } from "../content/content-read-cache.ts";
import type { CorpusRelationRow, CorpusRepository, CorpusRow } from "./corpus-repository.ts";

/** A small corpus for the services' tests: rows as the database gives them. */
export function row(
  kind: string,
  key: string,
  name: string,
  fields: Partial<Omit<CorpusRow, "data">> & { data?: object } = {},
): CorpusRow {
  const { data, ...rest } = fields;
  return {
    id: `${kind}-${key}`.padEnd(24, "0").slice(0, 24),
    key,
    kind,
    name,
    aliases: "[]",
    summary: `${name}的简介`,
    start_year: null,
    end_year: null,
    time_desc: null,
    regime_id: null,
    popularity: 0,
    ...rest,
    data: JSON.stringify(data ?? {}),
  };
}

export const idOf = (kind: string, key: string) => `${kind}-${key}`.padEnd(24, "0").slice(0, 24);

/** Caches that never see the content change, and keep what they are given. */
export function fixedCaches(): ContentReadCaches {
  const made: Map<string, Promise<object>>[] = [];
  return {
    create<V extends object>() {
      const values = new Map<string, Promise<object>>();
      made.push(values);
      const cache = {
        async get<T extends V>(key: string, load: () => Promise<T>): Promise<T> {
          const hit = values.get(key) as Promise<T> | undefined;
          if (hit) return hit;
          const value = load();
          values.set(key, value);
          return value;
        },
        clear: () => values.clear(),
        poll: async () => {},
        close: () => values.clear(),
        get size() {
          return values.size;
        },
      };
      return cache as unknown as ReturnType<ContentReadCaches["create"]> as never;
    },
    close() {
      for (const m of made) m.clear();
    },
  };
}

export function fixtureRepository(
  rows: CorpusRow[],
  relations: CorpusRelationRow[] = [],
  extra: Partial<CorpusRepository> = {},
): CorpusRepository {
  return {
    entries: async () => rows,
    placeRelations: async () => relations,
    classics: async () => [],
    sectionArticles: async () => [],
    poemCounts: async () => [],
    mostViewed: async () => [],
    ...extra,
  };
}
