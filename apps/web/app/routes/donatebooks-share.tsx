import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useState } from "react";
import { DonationProgress } from "../features/books/pledge.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { useShare } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/donatebooks-share";
import "../features/books/books.css";

// 捐书分享 (/donatebooks/share): the activity and the reader's part, to share. In the app and
// in WeChat the page's share payload is set; in a browser the system share sheet or a copied
// link.
export async function loader({ context }: Route.LoaderArgs) {
  return { donation: await context.services.books.donation(context.viewer) };
}

export function meta() {
  return [{ title: `捐书分享 - ${PRODUCT_NAME}` }];
}

export default function DonateShareRoute({ loaderData: d }: Route.ComponentProps) {
  const data = d.donation;
  const a = data.activityInfo;
  const headline =
    data.mine && (data.mine.books > 0 || data.mine.minutes > 0)
      ? `我为${a.title}认捐了 ${data.mine.books} 本书、${data.mine.minutes} 分钟读书时长`
      : `一起参加${a.title}`;
  useShare({ title: headline, desc: a.intro, imgUrl: "/favicon.svg" });
  const [status, setStatus] = useState<string | null>(null);
  const share = async () => {
    const url = new URL("/donatebooks", window.location.href).toString();
    try {
      if (navigator.share) {
        await navigator.share({ title: headline, text: a.intro, url });
        setStatus("已打开分享");
        return;
      }
      await navigator.clipboard.writeText(`${headline} ${url}`);
      setStatus("链接已复制，粘贴给朋友即可");
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
      setStatus("无法自动分享，请手动复制地址栏中的链接");
    }
  };
  return (
    <main className="tj-books">
      <h1 className="tj-books__title">分享捐书活动</h1>
      <p className="tj-books__lead" data-testid="donate-headline">
        {headline}
      </p>
      <DonationProgress data={data} />
      <button type="button" className="tj-button tj-button--block" onClick={() => void share()}>
        分享给朋友
      </button>
      {status && (
        <p className="tj-form__ok" role="status">
          {status}
        </p>
      )}
      <AppLink className="tj-button tj-button--block tj-button--ghost" to="/donatebooks">
        去认捐
      </AppLink>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
