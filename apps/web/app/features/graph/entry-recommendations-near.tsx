import { lazy, Suspense, useEffect, useRef, useState } from "react";

const EntryRecommendations = lazy(() =>
  import("./entry-recommendations.tsx").then((m) => ({ default: m.EntryRecommendations })),
);

/**
 * The place of 相关人物推荐 on an entry page: its code and its data load once it comes within
 * 300 px of view, so an entry's first load stays as it was.
 */
export function RecommendationsWhenNear({ entryId, title }: { entryId: string; title: string }) {
  const spot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = spot.current;
    if (!el || typeof IntersectionObserver !== "function") return setNear(true);
    const observer = new IntersectionObserver(
      (seen) => {
        if (seen.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: "0px 0px 300px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
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
