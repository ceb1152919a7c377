import { ORDER_PAY_WINDOW_MS } from "@tongjian/domain/commerce";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { AppLink } from "../shell/app-link.tsx";
import type { Route } from "./+types/store-qa";
import "../features/store/store.css";

// 会员常见问题 (/buyvip/qa) and 充值常见问题 (/recharge/qa).
const WINDOW_MIN = ORDER_PAY_WINDOW_MS / 60_000;

const VIP_QA: [string, string][] = [
  [
    "会员包含哪些内容？",
    "全文阅读、天梯全部关卡、会员词条和无广告阅读，详见“会员权益”。知识点精讲等课程另售，不包含在会员内。",
  ],
  ["已经是会员，再买会怎样？", "新买的时长接在当前有效期之后，精确到秒，不会浪费未到期的天数。"],
  [
    "什么是自动续费？怎么取消？",
    "只在支持签约代扣的支付方式（微信内、App 内的微信支付）下提供。开通后到期前自动按续费价扣款；可随时在会员中心或微信“支付设置—自动续费”中取消，取消后当期权益不受影响。",
  ],
  [
    "支付成功了但会员没到账？",
    "会员以支付平台通知或我们向平台查询到的结果为准，通常几秒内到账。请在“我的订单”中查看订单状态；如显示“支付中”，稍后刷新即可，不会重复扣款。",
  ],
  [
    "换手机或换微信还能用吗？",
    "会员跟随账号。用同一手机号登录即可；微信内未绑定手机号的访客身份，绑定手机号后会员随之转入账号。",
  ],
  ["可以开发票吗？", "可以。请在订单详情中记下订单号，联系客服开具电子普通发票。"],
];

const RECHARGE_QA: [string, string][] = [
  [
    "支持哪些支付方式？",
    "微信内使用微信支付；手机浏览器中可选微信支付或支付宝；App 内使用微信支付。",
  ],
  [
    "订单多久内要付款？",
    `下单后 ${WINDOW_MIN} 分钟内未支付，订单自动关闭，锁定的优惠券退回、库存释放。关闭前可在待支付订单中继续支付或换一种支付方式。`,
  ],
  [
    "付款时取消或失败了怎么办？",
    "订单会为你保留，回到页面点“继续支付”即可；换一种支付方式也不会重复下单。",
  ],
  [
    "会不会重复扣款？",
    "同一订单只会成功收款一次。若因网络原因出现两笔扣款，多出的一笔会原路退回，可在订单详情看到退款记录。",
  ],
  [
    "怎么申请退款？",
    "虚拟商品（会员、课程、次卡）开通后原则上不退；因我们原因无法使用的，联系客服全额或部分退款，退款后对应权益一并收回。实物商品签收 7 天内可无理由退货。",
  ],
  [
    "优惠券怎么用？",
    "结算时自动推荐最省的一张，也可以手动更换或不用。每单限用一张；订单关闭后券自动退回。",
  ],
];

export function meta({ location }: Route.MetaArgs) {
  const vip = location.pathname.startsWith("/buyvip");
  return [{ title: `${vip ? "会员常见问题" : "充值常见问题"} - ${PRODUCT_NAME}` }];
}

export async function loader({ request }: Route.LoaderArgs) {
  return { vip: new URL(request.url).pathname.startsWith("/buyvip") };
}

export default function StoreQa({ loaderData: { vip } }: Route.ComponentProps) {
  const list = vip ? VIP_QA : RECHARGE_QA;
  return (
    <main className="tj-store">
      <h1 className="tj-store__title">{vip ? "会员常见问题" : "充值常见问题"}</h1>
      <div className="tj-store__faq">
        {list.map(([q, a], i) => (
          <details key={q} open={i === 0}>
            <summary>{q}</summary>
            <p>{a}</p>
          </details>
        ))}
      </div>
      <p className="tj-store__muted">
        {vip ? (
          <AppLink to="/recharge/qa">支付与退款问题</AppLink>
        ) : (
          <AppLink to="/buyvip/qa">会员问题</AppLink>
        )}
        {" · "}
        <AppLink to="/order">我的订单</AppLink>
      </p>
    </main>
  );
}
