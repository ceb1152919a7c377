import type { TestReport } from "@tongjian/contracts/depth-test";
import type { TestTag } from "@tongjian/domain/depth-test";
import type { Viewer } from "@tongjian/domain/viewer";
import type { Services } from "@tongjian/services/create-services";
import { AppLink } from "../../shell/app-link.tsx";
import { orRefusal, testIdOf } from "./loaders.ts";
import { ReportView } from "./report-view.tsx";
import { SignInState } from "./test-parts.tsx";

export type ReportData =
  | { kind: "signed-out" }
  | { kind: "empty" }
  | { kind: "report"; report: TestReport };

/**
 * What a report page shows: the report of `?testId` (the reader's own), or without one the
 * reader's latest report (of `tag`, or of any test).
 */
export async function loadReport(
  context: { services: Services; viewer: Viewer },
  request: Request,
  tag?: TestTag,
): Promise<ReportData> {
  if (context.viewer.kind !== "user") return { kind: "signed-out" };
  const testId = testIdOf(request);
  const report = testId
    ? await orRefusal(context.services.depthTests.report(context.viewer, testId))
    : await context.services.depthTests.latestReport(context.viewer, tag);
  return report ? { kind: "report", report } : { kind: "empty" };
}

export function ReportScreen({
  data,
  title,
  startPath,
}: {
  data: ReportData;
  title: string;
  startPath: string;
}) {
  return (
    <main className="tj-test">
      <h1 className="tj-test__title">{title}</h1>
      {data.kind === "signed-out" ? (
        <SignInState
          title="登录后查看测评报告"
          hint="报告保存在你的账号里：得分、水平、强弱雷达图和接下来要学的知识点。"
        />
      ) : data.kind === "empty" ? (
        <div className="tj-state">
          <p className="tj-state__title">还没有测评报告</p>
          <p className="tj-state__hint">完成一份测评后，报告会出现在这里。</p>
          <AppLink className="tj-button" to={startPath}>
            去测评
          </AppLink>
        </div>
      ) : (
        <ReportView report={data.report} />
      )}
    </main>
  );
}
