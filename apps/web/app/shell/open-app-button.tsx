import { type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { usePlatform } from "./platform.tsx";
import "./open-app-button.css";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      /** WeChat's open tag (JS-SDK 1.6.0+), rendered by WeChat itself once wx.config succeeds. */
      "wx-open-launch-app": React.DetailedHTMLProps<
        React.HTMLAttributes<HTMLElement>,
        HTMLElement
      > & {
        appid: string;
        extinfo?: string;
      };
    }
  }
}

// WeChat draws the tag from this template, in its own frame: a transparent layer the size of
// the button under it, so the reader sees our button and taps WeChat's.
const TAG_TEMPLATE =
  '<div style="position:absolute;top:0;left:0;width:100%;height:100%;opacity:0"></div>';

interface OpenAppButtonProps {
  children: ReactNode;
  className: string;
  /** The page the app should open (defaults to this one). */
  url?: string;
  /** A tap when WeChat's open tag is not in use (other browsers, or before WeChat is ready). */
  onPress: () => void;
  /** After WeChat tried to open the app, whether it did or not. */
  onSettled?: () => void;
  /** When the fallback wake did not open the app either (see wakeApp's onFail). */
  onWakeFailed?: (scheme: string) => void;
  testId?: string;
}

/**
 * An 打开App button. Inside WeChat, once the JS-SDK is configured, WeChat's own
 * `wx-open-launch-app` lies over it and opens the app directly, handing it the page in
 * `extinfo`; when WeChat reports an error (app not installed, not allowed), the page falls back
 * to the scheme wake and from there to the download page (spec §8). A successful launch needs
 * nothing more.
 */
export function OpenAppButton({
  children,
  className,
  url,
  onPress,
  onSettled,
  onWakeFailed,
  testId,
}: OpenAppButtonProps) {
  const { openTag } = usePlatform();
  const { pathname, search } = useLocation();
  const target = url ?? pathname + search;
  const tagRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const tag = tagRef.current;
    if (!openTag || !tag) return;
    const onLaunch = () => onSettled?.();
    const onError = (event: Event) => {
      console.warn("微信打开App失败，改用链接唤起", (event as CustomEvent).detail);
      onSettled?.();
      // Only after WeChat's tag failed: the wake code loads then, not with every page.
      import("./open-app.ts")
        .then(({ wakeApp }) => wakeApp(target, undefined, onWakeFailed))
        .catch((error: unknown) => console.warn("唤起App失败", error));
    };
    tag.addEventListener("launch", onLaunch);
    tag.addEventListener("error", onError);
    return () => {
      tag.removeEventListener("launch", onLaunch);
      tag.removeEventListener("error", onError);
    };
  }, [openTag, target, onSettled, onWakeFailed]);

  return (
    <span className="tj-open-app" data-open-tag={openTag ? "ready" : "none"}>
      <button type="button" className={className} data-testid={testId} onClick={onPress}>
        {children}
      </button>
      {openTag && (
        <wx-open-launch-app
          ref={tagRef}
          className="tj-open-app__tag"
          appid={openTag.appId}
          extinfo={target}
        >
          <script type="text/wxtag-template">{TAG_TEMPLATE}</script>
        </wx-open-launch-app>
      )}
    </span>
  );
}
