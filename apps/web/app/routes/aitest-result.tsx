import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { loadReport, ReportScreen } from "../features/depth-test/report-screen.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/aitest-result";
import "../features/depth-test/depth-test.css";

// AI 测评结果 (/aitest/result?testId=…): a finished test's report, the reader's own; without a testId the
// reader's latest one.
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadReport(context, request, "ai");
}

export function meta() {
  return [{ title: `AI 测评结果 - ${PRODUCT_NAME}` }];
}

export default function AitestResultRoute({ loaderData }: Route.ComponentProps) {
  return <ReportScreen data={loaderData} title="AI 测评结果" startPath="/aitest/home" />;
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
