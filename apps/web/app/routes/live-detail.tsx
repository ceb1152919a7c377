import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { LiveDetailScreen } from "../features/video/live-detail-screen.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/live-detail";

const SESSION_KEY = /^[a-z0-9-]{1,64}$/;

// 文史直播 (/wenshilivedetail/{key}, issue 19 §4): a session's state, the countdown before it, the
// stream while on air, the replay once ended, and the reminder sign-up.
export async function loader({ context, params }: Route.LoaderArgs) {
  const key = (params["*"] ?? "").replace(/\/+$/, "");
  if (!SESSION_KEY.test(key)) throw notFound("直播不存在");
  const session = await orNotFound(
    context.services.live.session(key, context.viewer),
    "直播不存在",
  );
  return { session, signedIn: context.viewer.kind === "user" };
}

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: `${d?.session.title ?? "文史直播"} - ${PRODUCT_NAME}` }];
}

export default function LiveDetailRoute({ loaderData: d }: Route.ComponentProps) {
  return <LiveDetailScreen session={d.session} signedIn={d.signedIn} />;
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
