import { isReviewEdition, type ReviewEdition } from "@tongjian/domain/year-review";
import { notFound } from "../../shell/not-found.ts";

/** The edition a 天梯周年 page belongs to: the first segment of its path (decision 43). */
export function editionOf(request: Request): ReviewEdition {
  const first = new URL(request.url).pathname.split("/")[1] ?? "";
  const key = first.replace(/\.data$/, "");
  if (!isReviewEdition(key)) throw notFound();
  return key;
}
