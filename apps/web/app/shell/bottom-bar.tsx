import { DEFAULT_NAV_SLOGAN, PRODUCT_NAME } from "@tongjian/domain/share-title";
import type { ShellTheme } from "@tongjian/domain/shell-rules";
import { useNavigate } from "react-router";
import { OpenAppButton } from "./open-app-button.tsx";
import { useShellPopups } from "./shell-popups.tsx";
import "./top-bar.css";
import "./bottom-bar.css";

/** Spec §2 "Bottom navigation bar": back, logo with name and slogan, download; slides in. */
export function BottomBar({ theme }: { theme: ShellTheme }) {
  const navigate = useNavigate();
  const { showDownload } = useShellPopups();
  return (
    <nav
      className={`tj-bottombar tj-bottombar--${theme}`}
      data-testid="bottom-bar"
      aria-label="底部导航"
    >
      <button
        type="button"
        className="tj-bottombar__back"
        aria-label="返回"
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate("/"))}
      >
        ‹
      </button>
      <span className="tj-bottombar__brand">
        <span className="tj-topbar__logo" aria-hidden="true">
          鉴
        </span>
        <span className="tj-topbar__text">
          <strong>{PRODUCT_NAME}</strong>
          <small>{DEFAULT_NAV_SLOGAN}</small>
        </span>
      </span>
      <OpenAppButton
        className="tj-bottombar__download"
        testId="bottom-download"
        onPress={() => showDownload({ option: true })}
      >
        下载App
      </OpenAppButton>
    </nav>
  );
}
