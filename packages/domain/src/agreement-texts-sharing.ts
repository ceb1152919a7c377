import { type AgreementDoc, agreementDoc } from "./agreement-types.ts";
import { THIRD_PARTIES } from "./third-parties.ts";

// 第三方信息共享清单 (its table is the list in third-parties.ts) and 第三方信息共享须知.

export const THIRD_PARTY_INFORMATION: AgreementDoc = agreementDoc({
  key: "thirdPartyInformation",
  title: "第三方信息共享清单",
  path: "/agreement/thirdPartyInformation",
  versions: [{ version: "1.0", effectiveOn: "2026-11-28", note: "首次发布。" }],
  summary: `通鉴目前与 ${THIRD_PARTIES.length} 项第三方服务共享或由其收集个人信息。下表逐项列出：是谁、在什么时候、收到哪些信息、用来做什么、以什么方式。`,
  sections: [
    {
      heading: "一、清单",
      blocks: [
        {
          table: {
            caption: "与通鉴共享个人信息的第三方",
            head: ["第三方", "提供方", "场景", "个人信息", "目的", "方式", "可否不用"],
            rows: THIRD_PARTIES.map((p) => [
              p.name,
              p.provider,
              p.scene,
              p.data,
              p.purpose,
              p.method,
              p.optional,
            ]),
          },
        },
      ],
    },
    {
      heading: "二、说明",
      blocks: [
        "本清单只列出会接触你个人信息的第三方。我们自己运营的服务器、数据库和缓存不属于第三方；通鉴目前没有接入任何第三方统计、广告或推送 SDK。",
        "新增或更换第三方前，我们会先更新本清单；涉及新的个人信息种类或用途的，会请你重新确认。",
        "共享的原则与你的权利见《第三方信息共享须知》。",
      ],
    },
  ],
});

export const THIRDPART_KNOW: AgreementDoc = agreementDoc({
  key: "thirdpartKnow",
  title: "第三方信息共享须知",
  path: "/agreement/thirdpartKnow",
  versions: [{ version: "1.0", effectiveOn: "2026-11-28", note: "首次发布。" }],
  summary: "我们向第三方提供个人信息时遵守的原则，以及你可以做什么。",
  sections: [
    {
      heading: "一、共享的原则",
      blocks: [
        {
          list: [
            "必要：只在你使用的功能确实需要时共享（例如你选择微信支付时才向微信支付提供订单信息），只提供完成该功能所需的最少信息；",
            "告知：每一个第三方都列在《第三方信息共享清单》中，写明名称、场景、信息种类、目的与方式；",
            "约束：我们要求第三方按照约定的目的处理信息，采取不低于我们的安全措施，不得挪作他用；",
            "不出售：我们不会出售你的个人信息，也不会为广告目的向第三方提供。",
          ],
        },
      ],
    },
    {
      heading: "二、第三方直接收集的信息",
      blocks: [
        "在微信授权页、微信支付或支付宝收银台等由第三方提供的界面中，你的信息由该第三方直接收集，适用其自身的隐私政策。我们只从中取回完成服务所需的结果（例如授权标识、支付结果），不会获得你的支付密码或银行卡信息。",
      ],
    },
    {
      heading: "三、单独同意",
      blocks: [
        "依照个人信息保护法第二十三条，向其他个人信息处理者提供个人信息需取得你的单独同意。你在登录、下单、订阅提醒时看到的同意提示即为此目的；你可以不使用相应功能而拒绝共享，这不影响其他功能的使用。",
      ],
    },
    {
      heading: "四、你的权利",
      blocks: [
        "你可以随时撤回同意：取消订阅提醒、删除客服企业微信、改用其他登录或支付方式。撤回同意后，我们不再向相应第三方提供新的信息。",
        "你对第三方的处理有疑问的，可以通过页面上的反馈入口联系我们，我们会协助你向第三方行使权利。",
      ],
    },
  ],
});
