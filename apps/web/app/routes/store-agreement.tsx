import { ORDER_PAY_WINDOW_MS } from "@tongjian/domain/commerce";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { AppLink } from "../shell/app-link.tsx";
import type { Route } from "./+types/store-agreement";
import "../features/store/store.css";

// 会员服务协议 (/buyvip/agreement/service) and 会员支付协议 (/buyvip/agreement/pay): our own
// terms for the membership and for paying for it.
const UPDATED = "2026 年 11 月 27 日";

const SERVICE: [string, string[]][] = [
  [
    "一、协议的范围",
    [
      "本协议是你与通鉴（以下简称“我们”）之间关于通鉴会员服务（以下简称“会员服务”）的约定，是《用户服务协议》的补充。开通会员即表示你已阅读并同意本协议。",
      "未满十八周岁的用户，请在监护人陪同下阅读本协议，并在监护人同意后开通。",
    ],
  ],
  [
    "二、会员权益",
    [
      "会员在有效期内享有：全文阅读、天梯全部关卡、会员词条、无广告阅读。权益以“会员权益”页面所列为准，全站一致。",
      "知识点精讲等单独售卖的课程、次卡和实物商品不包含在会员权益内。",
      "我们可能为会员增加新的权益；如需减少已承诺的权益，将提前 30 日在页面公告，并允许你就剩余有效期申请按比例退款。",
    ],
  ],
  [
    "三、有效期",
    [
      "会员有效期按自然月计算，自支付成功之时起算，精确到秒。有效期内再次购买的，新的时长接续在原有效期之后。",
      "有效期届满且未续费的，会员权益自动停止；你在会员期间的学习记录、笔记和收藏继续保留。",
    ],
  ],
  [
    "四、自动续费",
    [
      "自动续费仅在支持签约代扣的支付方式下提供，开通前页面会展示续费价格与扣款周期。",
      "我们将在每期扣款前至少 5 日通过你同意接收的消息提醒你；你可随时在会员中心或支付平台中取消，取消后不再扣款，已生效的当期权益不受影响。",
    ],
  ],
  [
    "五、账号与使用规则",
    [
      "会员权益仅限开通账号本人使用，不得出借、转让或售卖账号，不得以任何方式批量抓取会员内容。",
      "违反前款约定的，我们可暂停相关权益；情节严重的，可终止会员服务且不退还费用，但会先行通知你并听取你的说明。",
    ],
  ],
  [
    "六、退款",
    [
      "会员属于开通即可使用的数字服务，开通后原则上不予退款；因我们的原因导致权益长期无法使用的，你可申请按剩余天数退款。",
      "退款完成后，对应的会员时长一并收回。",
    ],
  ],
  [
    "七、其他",
    [
      "本协议的修改将提前在页面公告；你在修改生效后继续使用会员服务的，视为接受修改后的协议。",
      "因本协议产生的争议，双方应友好协商；协商不成的，适用中华人民共和国法律，由我们所在地有管辖权的人民法院管辖。",
    ],
  ],
];

const PAY: [string, string[]][] = [
  [
    "一、支付方式",
    [
      "你可以通过微信支付或支付宝付款，可用方式以页面显示为准：微信内使用微信支付，手机浏览器中可选微信支付或支付宝，App 内使用微信支付。",
      "付款由相应支付机构完成，我们不收集、不保存你的银行卡号或支付密码。",
    ],
  ],
  [
    "二、价格与优惠",
    [
      "商品价格以下单时页面显示的金额为准，以人民币元计，精确到分。应付金额由我们的服务器根据商品价格、限时优惠与你选择的优惠券计算。",
      "每笔订单限用一张优惠券；订单关闭或退款后，未过期的优惠券退回你的账户。",
    ],
  ],
  [
    "三、订单与付款期限",
    [
      `订单创建后请在 ${ORDER_PAY_WINDOW_MS / 60_000} 分钟内完成支付，逾期订单自动关闭。`,
      "支付结果以支付机构的通知或我们向支付机构的查询结果为准；页面显示的“支付成功”仅在我们确认收款后出现。",
      "同一订单只收款一次。如因网络等原因重复扣款，多收的款项将原路退回。",
    ],
  ],
  [
    "四、退款",
    [
      "退款按原支付方式退回，到账时间以支付机构为准，一般为 1～7 个工作日。",
      "部分退款的，订单详情中会列出已退款金额；全额退款后，订单对应的权益或商品一并收回。",
    ],
  ],
  [
    "五、安全提示",
    [
      "请勿向任何人透露验证码或支付密码。我们的客服不会以任何理由要求你转账到个人账户。",
      "如发现未经授权的付款，请立即联系支付机构及我们的客服。",
    ],
  ],
];

export async function loader({ request }: Route.LoaderArgs) {
  return { pay: new URL(request.url).pathname.endsWith("/pay") };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.pay ? "会员支付协议" : "会员服务协议"} - ${PRODUCT_NAME}` }];
}

export default function StoreAgreement({ loaderData: { pay } }: Route.ComponentProps) {
  const doc = pay ? PAY : SERVICE;
  return (
    <main className="tj-store tj-store__doc">
      <h1 className="tj-store__title">{pay ? "会员支付协议" : "会员服务协议"}</h1>
      <p className="tj-store__muted">更新日期：{UPDATED}</p>
      {doc.map(([title, paras]) => (
        <section key={title}>
          <h2>{title}</h2>
          {paras.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
      <p className="tj-store__muted">
        另见{" "}
        {pay ? (
          <AppLink to="/buyvip/agreement/service">《会员服务协议》</AppLink>
        ) : (
          <AppLink to="/buyvip/agreement/pay">《会员支付协议》</AppLink>
        )}
        与 <AppLink to="/agreement/userServices">《用户服务协议》</AppLink>。
      </p>
    </main>
  );
}
