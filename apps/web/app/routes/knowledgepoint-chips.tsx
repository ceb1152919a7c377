import { ERA_LABEL, ERAS } from "@tongjian/domain/learning";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { ChipCards } from "../features/knowledge-points/chips.tsx";
import { KpNav } from "../features/knowledge-points/kp-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/knowledgepoint-chips";
import "../features/books/books.css";
import "../features/knowledge-points/knowledge-points.css";

// 知识碎片 (/knowledgepoint/chips/{era} or /knowledgepoint/chips/{point}): one fact a card, from
// the lessons and the questions' explanations. Without either, the eras to choose from.
export async function loader({ context, params }: Route.LoaderArgs) {
  const ref = (params["*"] ?? "").replace(/\/$/, "");
  if (ref === "") return { deck: null };
  if (!/^[a-z0-9-]{1,60}$/.test(ref)) throw notFound("没有这组知识碎片");
  return {
    deck: await orNotFound(context.services.knowledgePoints.chips(ref), "没有这组知识碎片"),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: `${d?.deck?.title ?? "知识碎片"} - ${PRODUCT_NAME}` }];
}

export default function ChipsPage({ loaderData: { deck } }: Route.ComponentProps) {
  if (!deck)
    return (
      <main className="tj-books tj-kp">
        <h1 className="tj-books__title">知识碎片</h1>
        <KpNav current="chips" />
        <p className="tj-books__lead">一句一卡，碎片时间翻一翻。选一个时代开始：</p>
        <ul className="tj-kp__themes">
          {ERAS.map((e) => (
            <li key={e}>
              <AppLink to={`/knowledgepoint/chips/${e}`}>{ERA_LABEL[e]}</AppLink>
            </li>
          ))}
        </ul>
      </main>
    );
  return (
    <main className="tj-books tj-kp">
      <h1 className="tj-books__title">{deck.title}</h1>
      <KpNav current="chips" />
      <ChipCards key={deck.ref} deck={deck} />
      {deck.kind === "point" && deck.cards[0] && (
        <AppLink
          className="tj-button tj-button--block tj-button--ghost"
          to={`/knowledgepoint/question?id=${deck.cards[0].point.id}`}
        >
          看完了，练一练
        </AppLink>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
