import { AppLink } from "../../shell/app-link.tsx";

export interface AgreementLink {
  title: string;
  path: string;
}

/** The list of every agreement and personal-information page, at the foot of each of them. */
export function AgreementLinks({
  links,
  current,
}: {
  links: readonly AgreementLink[];
  current: string;
}) {
  return (
    <nav className="tj-agreement__links" aria-labelledby="tj-agreement-links">
      <h2 id="tj-agreement-links">协议与政策</h2>
      <ul>
        {links.map((link) => (
          <li key={link.path}>
            <AppLink to={link.path} aria-current={link.path === current ? "page" : undefined}>
              {link.title}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
