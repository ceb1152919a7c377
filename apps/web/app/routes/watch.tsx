import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { VideoListScreen, WatchScreen } from "../features/video/watch-screen.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/watch";

const VIDEO_ID = /^[a-z0-9-]{1,64}$/;

// 观看 (/watch, issue 19 §4): a sample video (?id=) in the HLS player, resuming where the reader
// stopped; without an id, the list of videos. An unknown or malformed id is the 404 screen.
export async function loader({ context, url }: Route.LoaderArgs) {
  const id = url.searchParams.get("id");
  const list = await context.services.videos.list();
  const signedIn = context.viewer.kind === "user";
  if (id === null || id === "") return { video: null, list, signedIn };
  if (!VIDEO_ID.test(id)) throw notFound("视频不存在");
  const video = await orNotFound(context.services.videos.detail(id, context.viewer), "视频不存在");
  return { video, list: list.filter((v) => v.id !== video.id), signedIn };
}

export function meta({ data: d }: Route.MetaArgs) {
  const title = d?.video ? d.video.title : "视频";
  return [{ title: `${title} - ${PRODUCT_NAME}` }];
}

export default function WatchRoute({ loaderData: d }: Route.ComponentProps) {
  if (!d.video) return <VideoListScreen videos={d.list} />;
  return <WatchScreen video={d.video} others={d.list} signedIn={d.signedIn} />;
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
