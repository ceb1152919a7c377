import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { hubStateOf, LearnRecordHub } from "../features/study-records/learn-record-hub.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/learnrecord";
import "../features/study-records/study-records.css";

// 学习记录 (/learnrecord): the hub — a summary and the lists of assessments, practice, ladder
// history and wrong questions. A visitor sees the not-signed-in state, a reader without records
// the empty state (the same states as /learnrecord/noauth and /learnrecord/empty).
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = context.viewer;
  const { studyRecords } = context.services;
  return {
    hub: await hubStateOf(viewer, async () => {
      if (viewer.kind !== "user") throw new Error("unreachable");
      return {
        overview: await studyRecords.overview(viewer),
        stats: await studyRecords.statistics(viewer),
      };
    }),
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `学习记录 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function LearnRecordRoute({ loaderData: d }: Route.ComponentProps) {
  return <LearnRecordHub hub={d.hub} />;
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
