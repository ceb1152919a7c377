import { AppLink } from "../../shell/app-link.tsx";

export {
  ActionError,
  Countdown,
  chinaTime,
  formatCountdown,
  SignInPrompt,
  useApiAction,
} from "../../shell/api-action.tsx";
export { useSignIn } from "../../shell/use-sign-in.ts";

/** The promotions' pages, one tap apart. */
export function PromoNav({ current }: { current: string }) {
  const links = [
    ["/coupon", "领券中心"],
    ["/coupon/list", "我的优惠券"],
    ["/discount", "限时折扣"],
    ["/drawsale", "抽奖特惠"],
    ["/exchange", "兑换码"],
    ["/sharegetgift", "分享有礼"],
  ];
  return (
    <nav aria-label="优惠">
      <ul className="tj-pill-nav">
        {links.map(([to, label]) => (
          <li key={to}>
            <AppLink to={to as string} aria-current={current === to ? "page" : undefined}>
              {label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
