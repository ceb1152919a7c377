import { articleBodyMode } from "@tongjian/domain/article-collapse";
import { useState } from "react";
import { COLLAPSED_ARTICLE_HEIGHT_PX } from "../../shell/layout.ts";
import { wakeApp } from "../../shell/open-app.ts";
import { usePlatform } from "../../shell/platform.tsx";
import { useShellPopups } from "../../shell/shell-popups.tsx";
import { RichText } from "./rich-text.tsx";
import "./article-body.css";
import "./article-cards.css";

/**
 * The body, collapsed at 200 px when long (spec §4) or, for a link shared from the app
 * (`?isH5`), under a mask with an open-app prompt and an unlock tap (spec §2). The whole text is
 * always in the HTML, so search engines and screen readers get all of it.
 */
export function ArticleBody({
  html,
  textLength,
  isH5,
  full = false,
}: {
  html: string;
  textLength: number;
  isH5: boolean;
  /** A VIP reader (the full-articles right): the whole text, neither masked nor collapsed. */
  full?: boolean;
}) {
  const { env } = usePlatform();
  const { showDownload } = useShellPopups();
  const [expanded, setExpanded] = useState(false);
  const mode = full
    ? "full"
    : articleBodyMode({ textLength, isH5, isNativeApp: env.isNativeApp, expanded });
  const openApp = () => {
    const url = window.location.pathname + window.location.search;
    // WeChat, Weibo and QQ cannot open apps by scheme: the download prompt explains the way out.
    if (env.showMaskLayer) showDownload({ option: true, url });
    else wakeApp(url);
  };
  return (
    <div className={`tj-fold tj-fold--${mode}`} data-testid="article-fold" data-mode={mode}>
      <div
        id="tj-article-body"
        className="tj-fold__clip"
        style={mode === "full" ? undefined : { maxHeight: COLLAPSED_ARTICLE_HEIGHT_PX }}
      >
        <RichText html={html} className="tj-article__body" />
      </div>
      {mode === "collapsed" && (
        <button
          type="button"
          className="tj-fold__more"
          aria-expanded="false"
          aria-controls="tj-article-body"
          onClick={() => setExpanded(true)}
        >
          查看更多
        </button>
      )}
      {mode === "masked" && (
        <div className="tj-fold__mask" data-testid="open-app-mask">
          <p className="tj-fold__prompt">打开通鉴App，阅读全文并查看人物关系</p>
          <button type="button" className="tj-button" onClick={openApp}>
            打开App阅读
          </button>
          <button
            type="button"
            className="tj-fold__unlock"
            aria-controls="tj-article-body"
            onClick={() => setExpanded(true)}
          >
            点击解锁，继续阅读
          </button>
        </div>
      )}
    </div>
  );
}
