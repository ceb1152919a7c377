import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { LearnRecordHub } from "../features/study-records/learn-record-hub.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import "../features/study-records/study-records.css";

// /learnrecord/null: the state of a record that does not exist (a record page sends a reader
// here for an id that is not theirs or is gone).
export function meta() {
  return [{ title: `记录不存在 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function LearnRecordNullRoute() {
  return <LearnRecordHub hub={{ state: "null" }} />;
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
