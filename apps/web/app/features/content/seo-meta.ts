import { PRODUCT_NAME } from "@tongjian/domain/share-title";

export interface SeoInput {
  origin: string;
  path: string;
  title: string;
  /** At most 100 (spec §5): cut by the loader with seoDescription() (seo-description.server.ts). */
  description: string;
  image?: string | null;
  type: "article" | "website" | "profile";
  jsonLd?: Record<string, unknown>;
}

/** Title, description, canonical URL, Open Graph and JSON-LD for a page. */
export function seoMeta(input: SeoInput) {
  const url = `${input.origin}${input.path}`;
  const { description } = input;
  const image = input.image
    ? new URL(input.image, input.origin).toString()
    : `${input.origin}/favicon.svg`;
  return [
    { title: `${input.title} - ${PRODUCT_NAME}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:type", content: input.type },
    { property: "og:title", content: input.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:locale", content: "zh_CN" },
    ...(input.jsonLd
      ? [{ "script:ld+json": { "@context": "https://schema.org", url, ...input.jsonLd } }]
      : []),
  ];
}

export function requestOrigin(request: Request, configured: string | null): string {
  return configured ?? new URL(request.url).origin;
}
