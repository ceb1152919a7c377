import type { AppEnv } from "@tongjian/domain/app-env";
import { PRODUCT_NAME, PRODUCT_SLOGAN } from "@tongjian/domain/share-title";
import type { ShellRules } from "@tongjian/domain/shell-rules";
import { AppLink } from "./app-link.tsx";
import { OpenAppButton } from "./open-app-button.tsx";
import { useShellPopups } from "./shell-popups.tsx";
import { ThemeSwitch } from "./theme-switch.tsx";
import "./top-bar.css";

export function TopBar({ rules, env }: { rules: ShellRules; env: AppEnv }) {
  const { showDownload } = useShellPopups();
  if (rules.topBar === "hidden") return null;
  return (
    <header
      className={`tj-topbar tj-topbar--${rules.topBar} tj-topbar--${rules.theme}`}
      data-testid="top-bar"
      data-mode={rules.topBar}
      data-theme={rules.theme}
    >
      <AppLink to="/" className="tj-topbar__brand" title={`${PRODUCT_NAME}首页`}>
        <span className="tj-topbar__logo" aria-hidden="true">
          鉴
        </span>
        <span className="tj-topbar__text">
          <strong>{PRODUCT_NAME}</strong>
          <small data-testid="slogan">{rules.slogan ?? PRODUCT_SLOGAN}</small>
        </span>
      </AppLink>
      <div className="tj-topbar__actions">
        <ThemeSwitch />
        {/* Spec §2: the open-app button is shown unless the page is in our app's webview. */}
        {!env.isNativeApp && (
          <OpenAppButton
            className="tj-topbar__open"
            testId="open-app"
            onPress={() => showDownload({ option: true })}
          >
            打开App
          </OpenAppButton>
        )}
      </div>
    </header>
  );
}
