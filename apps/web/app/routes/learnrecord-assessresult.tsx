import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { loadReport, ReportScreen } from "../features/depth-test/report-screen.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/learnrecord-assessresult";
import "../features/depth-test/depth-test.css";

// 测评结果 (/learnrecord/assessresult?testId=…): a finished test's report, the reader's own; without a testId the
// reader's latest one.
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadReport(context, request);
}

export function meta() {
  return [{ title: `测评结果 - ${PRODUCT_NAME}` }];
}

export default function LearnrecordAssessresultRoute({ loaderData }: Route.ComponentProps) {
  return <ReportScreen data={loaderData} title="测评结果" startPath="/learnrecord/assesslist" />;
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
