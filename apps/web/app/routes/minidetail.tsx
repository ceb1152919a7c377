import { isEntityId } from "@tongjian/domain/entity-id";
import { isOfflineSaveRequest } from "@tongjian/domain/offline-pages";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { ownerIdOf } from "@tongjian/domain/viewer";
import { EntryFactsBox } from "../features/content/entry-facts-box.tsx";
import { EntryHeader } from "../features/content/entry-header.tsx";
import { TEXT_KINDS } from "../features/content/entry-kinds.ts";
import { MemberPrompt, MemberTag } from "../features/content/member-entry.tsx";
import { PopularEntries } from "../features/content/popular-entries.tsx";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { useDeviceRead } from "../features/my/use-device-history.ts";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { useShare } from "../shell/platform.tsx";
import type { Route } from "./+types/minidetail";
import "./minidetail.css";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const origin = requestOrigin(request, context.hosts.publicOrigin);
  const id = params.id;
  if (!id) {
    // Without an id, like /detail, the route lists the most connected entries.
    const { list } = await context.services.home.topList({ page: 1, size: 20 });
    return { entry: null, list, origin } as const;
  }
  if (!isEntityId(id)) throw notFound();
  const entry = await orNotFound(
    context.services.entries.detail(id, {
      countView: !isOfflineSaveRequest(request.headers),
      // A signed-in reader's read goes in their history on /my.
      reader: ownerIdOf(context.viewer),
    }),
  );
  // Who reads decides where the read is kept: the server, or this device (features/my).
  return {
    entry,
    description: seoDescription(entry.summary),
    list: [],
    origin,
    signedIn: context.viewer.kind !== "anonymous",
  } as const;
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d?.entry) return [{ title: `词条 - ${PRODUCT_NAME}` }];
  const e = d.entry;
  // The full entry page is the canonical one; this view is its compact copy.
  return seoMeta({
    origin: d.origin,
    path: `/detail/${e.id}`,
    title: e.name,
    description: d.description,
    image: e.imageUrl,
    type: "article",
  });
}

/** The compact entry view: title, image, summary and facts, with a way to the full page. */
export default function MiniDetailPage({ loaderData }: Route.ComponentProps) {
  const { entry, list } = loaderData;
  useShare(entry ? { title: entry.name, desc: entry.summary, imgUrl: entry.imageUrl } : null);
  useDeviceRead(entry ? loaderData.signedIn : false, {
    kind: "entry",
    id: entry?.id ?? null,
    title: entry?.name ?? "",
  });
  if (!entry) {
    return (
      <PopularEntries
        list={list}
        linkTo={(id) => `/minidetail/${id}`}
        className="tj-entry tj-entry--mini"
      />
    );
  }
  const isText = TEXT_KINDS.has(entry.kind);
  return (
    <main className="tj-entry tj-entry--mini">
      <EntryHeader entry={entry} />
      <p className="tj-entry__summary">
        {entry.member && <MemberTag />}
        {isText ? entry.verse.lines.slice(0, 4).join("") || entry.summary : entry.summary}
      </p>
      {entry.locked && <MemberPrompt path={`/minidetail/${entry.id}`} />}
      <EntryFactsBox facts={entry.factList} expanded={false} />
      <AppLink className="tj-button tj-entry__full" to={`/detail/${entry.id}`}>
        查看完整词条
      </AppLink>
    </main>
  );
}
