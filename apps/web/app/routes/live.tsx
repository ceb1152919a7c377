import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { LiveListScreen } from "../features/video/live-list-screen.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/live";

// 直播 (/live, issue 19 §4): the 文史 channel's sessions, each 预告, 直播中 or 回放 by the server's clock.
export async function loader({ context }: Route.LoaderArgs) {
  return context.services.live.list("wenshi", context.viewer);
}

export function meta() {
  return [{ title: `文史直播 - ${PRODUCT_NAME}` }];
}

export default function LiveRoute({ loaderData: d }: Route.ComponentProps) {
  return <LiveListScreen channel="wenshi" sessions={d.list} />;
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
