import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { redirect } from "react-router";
import { LearnRecordHub } from "../features/study-records/learn-record-hub.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/learnrecord-noauth";
import "../features/study-records/study-records.css";

// /learnrecord/noauth: the hub's not-signed-in state. A reader with an account has nothing to
// do here and goes on to the hub.
export async function loader({ context }: Route.LoaderArgs) {
  if (context.viewer.kind === "user") throw redirect("/learnrecord");
  return { visitor: context.viewer.kind === "visitor" };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `学习记录 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function LearnRecordNoAuthRoute({ loaderData: d }: Route.ComponentProps) {
  return <LearnRecordHub hub={{ state: "noauth", visitor: d.visitor }} />;
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
