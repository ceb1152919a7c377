import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { LiveListScreen } from "../features/video/live-list-screen.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/younglive";

// 少儿直播 (/younglive, issue 19 §4): the 少儿 channel's sessions and their states.
export async function loader({ context }: Route.LoaderArgs) {
  return context.services.live.list("young", context.viewer);
}

export function meta() {
  return [{ title: `少儿直播 - ${PRODUCT_NAME}` }];
}

export default function YoungLiveRoute({ loaderData: d }: Route.ComponentProps) {
  return <LiveListScreen channel="young" sessions={d.list} />;
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
