import { useCallback, useMemo, useState } from "react";
import { usePlatform } from "../../shell/platform.tsx";
import { invokeAppPay, invokeBrandWCPay } from "./channel-bridges.ts";
import {
  confirmOrder,
  type PayDeps,
  type PayMethod,
  type PayStep,
  payMethodsFor,
  runPayment,
} from "./pay-flow.ts";
import { storeApi } from "./store-api.ts";

/** The pay flow of pay-flow.ts with this page's API, WeChat's bridge and the app's. */
export function usePayment() {
  const { api, bridge, env } = usePlatform();
  const store = useMemo(() => storeApi(api), [api]);
  const [step, setStep] = useState<PayStep | null>(null);
  const [busy, setBusy] = useState(false);
  const deps = useMemo<PayDeps>(
    () => ({
      pay: store.pay,
      confirm: store.confirm,
      detail: store.detail,
      invokeJsapi: (params) => invokeBrandWCPay(params),
      invokeApp: (params) => invokeAppPay(bridge, params),
      redirect: (url) => window.location.assign(url),
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      onStep: setStep,
    }),
    [store, bridge],
  );
  const pay = useCallback(
    async (orderNum: string, method: PayMethod) => {
      setBusy(true);
      setStep(null);
      const last = await runPayment(deps, orderNum, method);
      setStep(last);
      if (last.kind !== "redirected") setBusy(false);
      return last;
    },
    [deps],
  );
  const confirm = useCallback(
    async (orderNum: string) => {
      setBusy(true);
      const last = await confirmOrder(deps, orderNum).catch(
        (error: unknown): PayStep => ({
          kind: "failed",
          orderNum,
          message: error instanceof Error ? error.message : "查询失败，请重试",
        }),
      );
      setStep(last);
      setBusy(false);
      return last;
    },
    [deps],
  );
  return { store, step, busy, pay, confirm, methods: payMethodsFor(env), env };
}
