import type { ContentReadCaches } from "../content/content-read-cache.ts";
import { buildCorpusIndex, type CorpusIndex } from "./corpus-index.ts";
import type { CorpusRepository } from "./corpus-repository.ts";

const INDEX_TTL_MS = 10 * 60_000;

/**
 * The written corpus indexed in memory, shared by the space bar, the lists, the site pages and
 * the data pages: read once per content version (a reload of content/ drops it), then answered
 * from memory.
 */
export function createCorpusSource(deps: {
  corpus: CorpusRepository;
  caches: ContentReadCaches;
  now?: () => Date;
}) {
  const cache = deps.caches.create<CorpusIndex>({ ttlMs: INDEX_TTL_MS, max: 1 });
  return {
    index(): Promise<CorpusIndex> {
      return cache.get("corpus", async () => {
        const [rows, relations] = await Promise.all([
          deps.corpus.entries(),
          deps.corpus.placeRelations(),
        ]);
        return buildCorpusIndex(rows, relations, deps.now?.() ?? new Date());
      });
    },
  };
}

export type CorpusSource = ReturnType<typeof createCorpusSource>;
