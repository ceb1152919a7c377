import { type AgreementDoc, agreementDoc } from "./agreement-types.ts";

// 声音版权说明: where the audio on the product comes from and under what terms. The lists of
// audio under each licence are pages made from the data (/agreement/soundcopyright/cc0, cc4).

export const SOUND_COPYRIGHT: AgreementDoc = agreementDoc({
  key: "soundcopyright",
  title: "声音版权说明",
  path: "/agreement/soundcopyright",
  versions: [{ version: "1.0", effectiveOn: "2026-11-28", note: "首次发布。" }],
  summary:
    "通鉴播放的音频都由本站按乐谱用程序合成，不含任何录音；合成音频以 CC0 1.0 发布。读者上传的录音归上传者所有。",
  sections: [
    {
      heading: "一、本站的音频从哪里来",
      blocks: [
        "“中国音乐”中的每一首曲目，以及音频组件中的示例旋律，都是服务器依照本站写下的简谱，用程序模拟古琴、琵琶、笛子、箫、二胡等音色合成的。页面在播放处标注“合成”。",
        "曲调分两种：“曲调”是流传的曲调的简写，“示意”是本站按曲目的调式写的一段示意旋律，页面注明“示意旋律，非原曲”。所用曲调与歌词均属公有领域（古代诗词、传统民歌歌词等）。",
        "本站不提供任何演奏家、乐团或唱片公司的录音。",
      ],
    },
    {
      heading: "二、许可方式",
      blocks: [
        "本站合成的音频以 CC0 1.0 公共领域贡献发布：任何人都可以自由复制、修改和使用，包括商业用途，无需署名。逐首清单见《CC0 音频清单》。",
        "如本站日后收录以知识共享署名 4.0（CC BY 4.0）发布的音频，将在《CC BY 4.0 音频清单》中逐首写明作者、来源与署名方式，并在播放处显示署名。",
      ],
    },
    {
      heading: "三、读者上传的录音",
      blocks: [
        "读者通过“上传音频”上传的录音，著作权归上传者或原权利人所有，不适用上述许可；本站仅依《用户服务协议》在站内为上传者保存与播放。",
        "上传前请确认你有权上传该录音。认为录音侵犯你权利的，请依《法律声明》中的方式投诉。",
      ],
    },
  ],
});
