import { PRODUCT_NAME, PRODUCT_SLOGAN } from "@tongjian/domain/share-title";
import type { ReactNode } from "react";
import { Link } from "react-router";

export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="tj-app">
      <header className="tj-topbar" data-testid="top-bar">
        <Link to="/" className="tj-topbar__brand" aria-label={`${PRODUCT_NAME}首页`}>
          <span className="tj-topbar__logo" aria-hidden="true">
            鉴
          </span>
          <span className="tj-topbar__text">
            <strong>{PRODUCT_NAME}</strong>
            <small>{PRODUCT_SLOGAN}</small>
          </span>
        </Link>
        <a className="tj-topbar__open" href="/redirectpage">
          打开App
        </a>
      </header>
      <div className="tj-page">{children}</div>
    </div>
  );
}
