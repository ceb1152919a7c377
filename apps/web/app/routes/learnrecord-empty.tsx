import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { LearnRecordHub } from "../features/study-records/learn-record-hub.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import "../features/study-records/study-records.css";

// /learnrecord/empty: the hub's no-records state, with where to start.
export function meta() {
  return [{ title: `暂无记录 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function LearnRecordEmptyRoute() {
  return <LearnRecordHub hub={{ state: "empty" }} />;
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
