import { WORK_CAMPAIGNS, type WorkCampaign } from "@tongjian/domain/campaign-works";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { WorkForm } from "../features/campaign-works/work-form.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/workcollection-dialog";
import "../features/campaigns/campaigns.css";
import "../features/campaign-works/campaign-works.css";

// 作品对话 (/workcollection/dialog): the submission form as a dialog route over the collection
// (decision 46): 1 to 9 pictures, a title and a description; closing it goes back to the list.
export async function loader({ context }: Route.LoaderArgs) {
  const campaign = await orNotFound(
    context.services.campaigns.view("workcollection", context.viewer),
    "活动不存在",
  );
  return { campaign };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [
    { title: `上传作品 - 作品征集 - ${PRODUCT_NAME}` },
    { name: "robots", content: "noindex" },
  ];
}

const activity = WORK_CAMPAIGNS.workcollection as WorkCampaign;

export default function WorkCollectionDialogRoute({
  loaderData: { campaign },
}: Route.ComponentProps) {
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const close = () => navigate("/workcollection");
  useEffect(() => {
    heading.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") navigate("/workcollection");
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate]);
  return (
    <main className="tj-works__backdrop">
      <div
        className="tj-works__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="tj-works-dialog-title"
      >
        <div className="tj-works__dialog-head">
          <h1 id="tj-works-dialog-title" ref={heading} tabIndex={-1}>
            上传我的作品
          </h1>
          <button type="button" className="tj-works__close" onClick={close} aria-label="关闭">
            ✕
          </button>
        </div>
        <p className="tj-works__meta">{campaign.summary}</p>
        <WorkForm campaign={campaign} rules={activity.rules} noun={activity.noun} />
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
