import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { StudyPage } from "../features/study-records/parts.tsx";
import { SurveyForm } from "../features/study-records/survey-form.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/survey";
import "../features/study-records/study-records.css";

// 问卷 (/survey): the "learning" questionnaire (packages/domain/src/surveys.ts), the reader's
// answer and everyone's summary.
export async function loader({ context }: Route.LoaderArgs) {
  return { view: await context.services.studyRecords.survey(context.viewer, "learning") };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.view.survey.title ?? "问卷"} - ${PRODUCT_NAME}` }];
}

export default function SurveyRoute({ loaderData: d }: Route.ComponentProps) {
  return (
    <StudyPage title={d.view.survey.title} lead={d.view.survey.intro}>
      <SurveyForm view={d.view} />
    </StudyPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
