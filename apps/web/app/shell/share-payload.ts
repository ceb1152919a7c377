import { SHARE_THUMBNAIL_SIZE_PX } from "@tongjian/domain/image-url";
import { withShareSuffix } from "@tongjian/domain/share-title";
import { SHARE_DESCRIPTION_LIMIT, truncateText } from "@tongjian/domain/text-length";
import type { SharePayload } from "./native-bridge.ts";

/** Spec §3 share payload with §5/§9 limits: title suffix, description ≤ 100, 50×50 thumbnail. */
export function sharePayload(input: {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}): SharePayload {
  const thumb = new URL(input.imgUrl, input.link);
  thumb.searchParams.set("w", String(SHARE_THUMBNAIL_SIZE_PX));
  thumb.searchParams.set("h", String(SHARE_THUMBNAIL_SIZE_PX));
  return {
    title: withShareSuffix(input.title),
    desc: truncateText(input.desc, SHARE_DESCRIPTION_LIMIT),
    link: input.link.split("#")[0] ?? input.link,
    imgUrl: thumb.toString(),
  };
}
