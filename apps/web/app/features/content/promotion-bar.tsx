import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { usePlatform } from "../../shell/platform.tsx";
import { useShellPopups } from "../../shell/shell-popups.tsx";
import "./promotion-bar.css";

/**
 * Spec §1 "Article pages carry a promotional bar inviting visitors to open the native app" —
 * not inside the app itself (the flag is known on the server, so the first HTML is right).
 */
export function PromotionBar() {
  const { env } = usePlatform();
  const { showDownload } = useShellPopups();
  if (env.isNativeApp) return null;
  return (
    <aside className="tj-promo" aria-label={`${PRODUCT_NAME}App`} data-testid="promotion-bar">
      <span className="tj-promo__logo" aria-hidden="true">
        鉴
      </span>
      <span className="tj-promo__text">
        <strong>在{PRODUCT_NAME}App中阅读</strong>
        <small>字号随心调，人物关系与时空地图一键可查</small>
      </span>
      <button
        type="button"
        className="tj-promo__open"
        onClick={() => showDownload({ option: true })}
      >
        打开App
      </button>
    </aside>
  );
}
