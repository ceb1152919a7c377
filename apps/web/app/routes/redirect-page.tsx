import { returnTargetPath } from "@tongjian/domain/app-scheme";
import { PRODUCT_NAME, PRODUCT_SLOGAN } from "@tongjian/domain/share-title";
import { type MouseEvent, useCallback, useEffect, useState } from "react";
import { data, Link } from "react-router";
import { wakeApp } from "../shell/open-app.ts";
import { OpenAppButton } from "../shell/open-app-button.tsx";
import { usePlatform } from "../shell/platform.tsx";
import { useShellPopups } from "../shell/shell-popups.tsx";
import type { Route } from "./+types/redirect-page";
import "./redirect-page.css";

export const INVALID_RETURN_TARGET = "返回地址无效：只能返回通鉴自己的页面";

function ownHosts(request: Request, publicOrigin: string | null): string[] {
  const hosts = [new URL(request.url).host];
  const forwarded = request.headers.get("host");
  if (forwarded) hosts.push(forwarded);
  if (publicOrigin) hosts.push(new URL(publicOrigin).host);
  return hosts;
}

/**
 * The download page the open-app wake falls back to (spec §4), with the wake link as the
 * return target: `?redirect=tongjian://open?url=/ah/article/…`. Only our own scheme and hosts
 * are accepted, so the page cannot be used to send readers elsewhere.
 */
export function loader({ request, url, context }: Route.LoaderArgs) {
  const raw = url.searchParams.get("redirect");
  const target =
    raw === null ? "/" : returnTargetPath(raw, ownHosts(request, context.hosts.publicOrigin));
  if (target === null) throw data(INVALID_RETURN_TARGET, { status: 400 });
  return {
    target,
    stores: { ios: context.hosts.iosDownload, android: context.hosts.androidDownload },
  };
}

export function meta() {
  return [
    { title: `下载${PRODUCT_NAME}App - ${PRODUCT_NAME}` },
    { name: "description", content: `${PRODUCT_NAME}App：${PRODUCT_SLOGAN}` },
  ];
}

export default function DownloadPage({ loaderData }: Route.ComponentProps) {
  const { target, stores } = loaderData;
  const { env } = usePlatform();

  return (
    <main className="tj-download" data-testid="download-page" data-return-target={target}>
      <div className="tj-download__icon" aria-hidden="true">
        鉴
      </div>
      <h1 className="tj-download__name">{PRODUCT_NAME}</h1>
      <p className="tj-download__slogan">{PRODUCT_SLOGAN}</p>
      <p className="tj-download__intro">在App里读完整文章，看人物关系与时空地图</p>
      {env.isNativeApp ? (
        // Already in our app: nothing to open or download, just go on to the page.
        <Link className="tj-button tj-download__open" to={target} data-testid="download-continue">
          继续浏览
        </Link>
      ) : (
        <DownloadActions
          target={target}
          stores={stores}
          isAndroid={env.isAndroid}
          showMaskLayer={env.showMaskLayer}
        />
      )}
    </main>
  );
}

function DownloadActions({
  target,
  stores,
  isAndroid,
  showMaskLayer,
}: {
  target: string;
  stores: { ios: string; android: string };
  isAndroid: boolean;
  showMaskLayer: boolean;
}) {
  const { showBrowserHint } = useShellPopups();
  const [notOpened, setNotOpened] = useState(false);

  // In WeChat, QQ and Weibo a download link leads nowhere: show how to open the system browser.
  useEffect(() => {
    if (showMaskLayer) showBrowserHint();
  }, [showMaskLayer, showBrowserHint]);

  const wakeFailed = useCallback(() => {
    setNotOpened(true);
    if (showMaskLayer) showBrowserHint();
  }, [showMaskLayer, showBrowserHint]);

  const guardDownload = (event: MouseEvent) => {
    if (!showMaskLayer) return;
    event.preventDefault();
    showBrowserHint();
  };

  const links = [
    { key: "ios", href: stores.ios, label: "App Store 下载", note: "iPhone / iPad" },
    { key: "android", href: stores.android, label: "Android 下载", note: "安卓手机" },
  ];
  if (isAndroid) links.reverse();

  return (
    <>
      <OpenAppButton
        className="tj-button tj-download__open"
        testId="download-open-app"
        url={target}
        onWakeFailed={wakeFailed}
        onPress={() => {
          if (showMaskLayer) showBrowserHint();
          else wakeApp(target, undefined, wakeFailed);
        }}
      >
        打开App
      </OpenAppButton>
      {notOpened && (
        <p className="tj-download__hint" role="status">
          没有打开？请先下载安装{PRODUCT_NAME}App
        </p>
      )}
      <ul className="tj-download__stores">
        {links.map((link) => (
          <li key={link.key}>
            <a
              className="tj-download__store"
              href={link.href}
              data-testid={`download-${link.key}`}
              rel="noopener"
              onClick={guardDownload}
            >
              <strong>{link.label}</strong>
              <small className="tj-download__store-note">{link.note}</small>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
