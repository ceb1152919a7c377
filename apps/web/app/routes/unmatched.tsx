import { redirect } from "react-router";
import { notFound } from "../shell/not-found.ts";
import type { Route } from "./+types/unmatched";

// Spec §2 "Unmatched routes": /cluster and /family/subIndex go to the preview host, everything
// else to the fallback host. Without a configured host the visitor sees the 404 screen. (Every
// route of the spec has its own screen, so nothing of the spec ends here.)
export function loader({ url, context }: Route.LoaderArgs) {
  const target = url.pathname + url.search;
  const toPreview = /\/cluster|\/family\/subIndex/.test(url.pathname);
  const host = toPreview ? context.hosts.preview : context.hosts.fallback;
  if (host) throw redirect(`${host}${target}`, 302);
  throw notFound();
}

export default function Unmatched() {
  return null;
}
