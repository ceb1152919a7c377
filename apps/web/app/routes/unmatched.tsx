import { redirect } from "react-router";
import { notFound } from "../shell/not-found.ts";
import { plannedRouteFor } from "../shell/planned-route.ts";
import { PlannedScreen } from "../shell/planned-screen.tsx";
import type { Route } from "./+types/unmatched";

// A planned spec route renders the 建设中 screen inside the shell. Spec §2 "Unmatched routes":
// /cluster and /family/subIndex go to the preview host, everything else to the fallback host.
// Without a configured host the visitor sees the 404 screen.
export function loader({ url, context }: Route.LoaderArgs) {
  const planned = plannedRouteFor(url.pathname);
  if (planned) return { planned };
  const target = url.pathname + url.search;
  const toPreview = /\/cluster|\/family\/subIndex/.test(url.pathname);
  const host = toPreview ? context.hosts.preview : context.hosts.fallback;
  if (host) throw redirect(`${host}${target}`, 302);
  throw notFound();
}

export function meta({ data }: Route.MetaArgs) {
  return data?.planned ? [{ name: "tj-route-status", content: "planned" }] : [];
}

export default function Unmatched({ loaderData }: Route.ComponentProps) {
  return <PlannedScreen route={loaderData.planned} />;
}
