/**
 * The licences the audio the product carries is released under (decision 40). Each audio source
 * names its licence by key; /agreement/soundcopyright/cc0 and …/cc4 list the audio of theirs
 * from the data, never by hand.
 */
export type SoundLicenceKey = "cc0" | "cc-by-4.0";

export interface SoundLicence {
  key: SoundLicenceKey;
  /** The page that lists it. */
  path: string;
  name: string;
  short: string;
  /** The licence's own text, at Creative Commons. */
  legalCode: string;
  /** What it lets anyone do, in plain words. */
  allows: readonly string[];
  /** What it asks in return. */
  asks: readonly string[];
}

export const SOUND_LICENCES: Readonly<Record<SoundLicenceKey, SoundLicence>> = {
  cc0: {
    key: "cc0",
    path: "/agreement/soundcopyright/cc0",
    name: "CC0 1.0 通用（公共领域贡献）",
    short: "CC0 1.0",
    legalCode: "https://creativecommons.org/publicdomain/zero/1.0/legalcode.zh-hans",
    allows: ["复制、修改、发行和演绎，包括用于商业用途；", "无需署名，也无需征得许可。"],
    asks: [
      "不要暗示通鉴为你的使用背书；",
      "作品所涉及的他人权利（如肖像、隐私）不因 CC0 而放弃——本站合成音频不涉及此类权利。",
    ],
  },
  "cc-by-4.0": {
    key: "cc-by-4.0",
    path: "/agreement/soundcopyright/cc4",
    name: "知识共享署名 4.0 国际（CC BY 4.0）",
    short: "CC BY 4.0",
    legalCode: "https://creativecommons.org/licenses/by/4.0/legalcode.zh-hans",
    allows: ["复制、发行、表演和改编，包括用于商业用途。"],
    asks: [
      "署名：写明作者、作品名称与来源，并附许可协议链接；",
      "注明是否作了修改；",
      "不得附加法律条款或技术措施限制他人行使许可允许的权利。",
    ],
  },
};

/** One piece of audio the product carries, with its licence. */
export interface LicensedSound {
  title: string;
  /** Where it is heard (its page, or the component that plays it). */
  path: string | null;
  /** How it was made (合成 …) and by whom. */
  origin: string;
  licence: SoundLicenceKey;
  /** For CC BY: the attribution line to show. */
  attribution?: string;
}

export function soundsUnder(
  licence: SoundLicenceKey,
  sounds: readonly LicensedSound[],
): LicensedSound[] {
  return sounds.filter((sound) => sound.licence === licence);
}

/** The licence key of a licence page's last path segment (cc0, cc4). */
export function soundLicenceOfPath(segment: string): SoundLicenceKey | null {
  if (segment === "cc0") return "cc0";
  if (segment === "cc4") return "cc-by-4.0";
  return null;
}
