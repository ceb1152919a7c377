import { AGREEMENT_LINKS, agreementAtPath } from "@tongjian/domain/agreements";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { AgreementLinks } from "../features/agreements/agreement-links.tsx";
import {
  AgreementSections,
  VersionHistory,
  VersionLine,
} from "../features/agreements/agreement-text.tsx";
import { notFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/agreement";
import "../features/agreements/agreements.css";

/**
 * Every agreement of the registry (decision 40), one template: /agreement/userServices,
 * personalInformationProtection (with the children's rules as its chapter 八),
 * thirdPartyInformation, thirdpartKnow, subscription, traveluser, travelprivate, soundcopyright,
 * /law and the store's /buyvip/agreement/service and /pay. Title, version and effective day,
 * the text, its version history and the links to the others.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const path = url.pathname;
  const doc = agreementAtPath(path);
  if (!doc) throw notFound("没有这份协议");
  return { doc, links: AGREEMENT_LINKS };
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${data?.doc.title ?? "协议"} - ${PRODUCT_NAME}` },
    { name: "description", content: data?.doc.summary ?? "" },
  ];
}

export default function AgreementPage({ loaderData: { doc, links } }: Route.ComponentProps) {
  return (
    <main className="tj-agreement" data-agreement={doc.key}>
      <h1 className="tj-agreement__title">{doc.title}</h1>
      <VersionLine version={doc.version} effectiveOn={doc.effectiveOn} />
      <p className="tj-agreement__summary">{doc.summary}</p>
      <AgreementSections sections={doc.sections} />
      <VersionHistory versions={doc.versions} />
      <AgreementLinks links={links} current={doc.path} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
