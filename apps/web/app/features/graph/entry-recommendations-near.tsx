import { lazy, Suspense } from "react";
import { useNearView } from "../../shell/use-near-view.ts";

const EntryRecommendations = lazy(() =>
  import("./entry-recommendations.tsx").then((m) => ({ default: m.EntryRecommendations })),
);

/**
 * The place of 相关人物推荐 on an entry page: its code and its data load once it comes within
 * 300 px of view, so an entry's first load stays as it was.
 */
export function RecommendationsWhenNear({ entryId, title }: { entryId: string; title: string }) {
  const [spot, near] = useNearView<HTMLDivElement>(300);
  return (
    <div ref={spot}>
      {near && (
        <Suspense fallback={<p className="tj-empty">正在加载推荐…</p>}>
          <EntryRecommendations entryId={entryId} title={title} />
        </Suspense>
      )}
    </div>
  );
}
