import { circlePath } from "@tongjian/domain/community-rules";
import { isEntityId } from "@tongjian/domain/entity-id";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useRevalidator } from "react-router";
import { Composer } from "../features/community/composer.tsx";
import { JoinButton } from "../features/community/join-button.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { requirePageUser } from "../shell/require-login.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/community-send";
import "../features/community/community.css";

// The post composer (beyond spec §2; inside the app the bridge's communitySend opens the app's
// own): needs an account, and a circle the reader has joined.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  requirePageUser(context, request);
  const { community } = context.services;
  const circleId = url.searchParams.get("circleId");
  if (!circleId) return { circle: null, mine: await community.myCircles(context.viewer) };
  if (!isEntityId(circleId)) throw notFound("圈子不存在");
  const circle = await orNotFound(
    community.circle({ id: circleId, viewer: context.viewer }),
    "圈子不存在",
  );
  return { circle, mine: [] };
}

export function meta() {
  return [{ title: `发帖 - ${PRODUCT_NAME}` }];
}

export default function CommunitySend({ loaderData }: Route.ComponentProps) {
  const { circle, mine } = loaderData;
  const revalidator = useRevalidator();
  return (
    <main className="tj-community">
      <h1 className="tj-community__title">发帖</h1>
      {!circle ? (
        mine.length === 0 ? (
          <p className="tj-empty">
            先<AppLink to="/group/entry">加入一个圈子</AppLink>，再来发帖
          </p>
        ) : (
          <>
            <p className="tj-community__lead">发到哪个圈子？</p>
            <ul className="tj-chips">
              {mine.map((c) => (
                <li key={c.id}>
                  <AppLink className="tj-chip" to={`/community/send?circleId=${c.id}`}>
                    {c.name}
                  </AppLink>
                </li>
              ))}
            </ul>
          </>
        )
      ) : circle.joined ? (
        <Composer key={circle.id} circleId={circle.id} circleName={circle.name} />
      ) : (
        <div className="tj-community__join">
          <p>加入「{circle.name}」后才能在圈里发帖。</p>
          <JoinButton
            circleId={circle.id}
            circleName={circle.name}
            joined={false}
            onChange={() => void revalidator.revalidate()}
          />
          <p>
            <AppLink className="tj-section__link" to={circlePath(circle.id)}>
              看看圈子
            </AppLink>
          </p>
        </div>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
