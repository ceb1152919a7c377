import { AppLink } from "../../shell/app-link.tsx";

/** A row of links that switch a list (tabs of /my/list, filters of /my/top). */
export function MyTabs({
  label,
  tabs,
  current,
  small = false,
}: {
  label: string;
  tabs: readonly { key: string; label: string; href: string }[];
  current: string;
  small?: boolean;
}) {
  return (
    <nav className={`tj-my-tabs${small ? " tj-my-tabs--small" : ""}`} aria-label={label}>
      {tabs.map((tab) => (
        <AppLink
          key={tab.key}
          to={tab.href}
          className="tj-my-tabs__tab"
          aria-current={tab.key === current ? "page" : undefined}
        >
          {tab.label}
        </AppLink>
      ))}
    </nav>
  );
}
