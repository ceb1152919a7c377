import { pinyin } from "pinyin-pro";

/**
 * A name's syllables as a pinyin keyboard types them: no tones, lower case, ü as v (吕 → lv),
 * letters and digits kept as they are. The search index stores the joined syllables and their
 * initials of every name; the search uses the same reading to suggest names that sound like a
 * keyword that found nothing. Server only: pinyin-pro's dictionary is large.
 */
export function nameSyllables(name: string): string[] {
  return pinyin(name, { toneType: "none", type: "array", nonZh: "consecutive", v: true })
    .map((s) => s.toLowerCase().replace(/[^a-z0-9]/g, ""))
    .filter(Boolean);
}
