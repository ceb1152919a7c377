import type { ExchangeResultView } from "@tongjian/contracts/promotions";
import { STORE_CODE_FORMAT_MESSAGE } from "@tongjian/domain/promotions";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useState } from "react";
import {
  ActionError,
  PromoNav,
  useApiAction,
  useSignIn,
} from "../features/promotions/promotion-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { usePlatform } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/exchange";
import "../features/promotions/promotions.css";

// 兑换码 (/exchange) and 线下兑换 (/offexchange: codes printed on cards sold in bookshops): the
// same redemption, the offline page with how to find and type the code. The code's check
// character is checked on the server before the database; a product is given as an order.
export async function loader({ context, url }: Route.LoaderArgs) {
  return {
    offline: url.pathname.startsWith("/offexchange"),
    signedIn: context.viewer.kind === "user",
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: `${d?.offline ? "线下兑换" : "兑换码"} - ${PRODUCT_NAME}` }];
}

export default function ExchangeRoute({ loaderData: d }: Route.ComponentProps) {
  const { api } = usePlatform();
  const signIn = useSignIn();
  const action = useApiAction<ExchangeResultView>();
  const [code, setCode] = useState("");
  const [done, setDone] = useState<ExchangeResultView | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (code.trim() === "") {
      action.setError("请输入兑换码");
      return;
    }
    const r = await action.run(() =>
      api.post<ExchangeResultView>("/api/m/exchange/redeem", { code }),
    );
    if (r) {
      setDone(r);
      setCode("");
    }
  };
  return (
    <main className="tj-promo">
      <h1 className="tj-promo__title">{d.offline ? "线下兑换" : "兑换码"}</h1>
      <PromoNav current="/exchange" />
      {d.offline ? (
        <>
          <p className="tj-promo__lead">
            在书店等线下渠道购买的通鉴兑换卡，在这里兑换成会员或课程。
          </p>
          <ol className="tj-promo__steps">
            <li>刮开卡片背面的涂层，找到 20 位兑换码（五组，每组四位）。</li>
            <li>登录你的通鉴账号，兑换的商品会发放到这个账号。</li>
            <li>
              输入兑换码：不区分大小写，短横线和空格可有可无；字母 O 视作数字 0，I、L 视作数字 1。
            </li>
            <li>兑换成功后可在“兑换记录”中查看对应订单。每个兑换码只能使用一次。</li>
          </ol>
        </>
      ) : (
        <p className="tj-promo__lead">输入兑换码，兑换会员、课程或次卡。每个兑换码只能使用一次。</p>
      )}
      {!d.signedIn && (
        <p>
          兑换的商品会发放到你的账号，兑换前请先
          <button type="button" className="tj-link-button" onClick={() => void signIn()}>
            登录
          </button>
          。
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <label htmlFor="tj-exchange-code">兑换码</label>
        <input
          id="tj-exchange-code"
          className="tj-promo__field"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-describedby="tj-exchange-hint"
          aria-invalid={action.error ? true : undefined}
        />
        <p id="tj-exchange-hint" className="tj-promo-card__meta">
          {STORE_CODE_FORMAT_MESSAGE}
        </p>
        <button
          type="submit"
          className="tj-button tj-button--block"
          disabled={action.busy}
          aria-busy={action.busy}
        >
          {action.busy ? "正在兑换…" : "兑换"}
        </button>
      </form>
      <ActionError error={action.error} />
      {done && (
        <div className="tj-promo__ok" role="status" data-testid="exchange-done">
          <p>{done.message}</p>
          <AppLink to={`/order/${done.orderNum}`}>查看订单</AppLink>
        </div>
      )}
      <p>
        <AppLink to="/exchange/order">兑换记录</AppLink>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
