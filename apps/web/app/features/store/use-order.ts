import type { OrderView } from "@tongjian/contracts/commerce";
import { useEffect, useMemo } from "react";
import { usePlatform } from "../../shell/platform.tsx";
import { storeApi } from "./store-api.ts";
import { useRemote } from "./use-remote.ts";

/** One order read in the browser; `confirm` asks the server to check the channel first. */
export function useOrder(orderNum: string | null, opts: { confirm?: boolean } = {}) {
  const { api } = usePlatform();
  const store = useMemo(() => storeApi(api), [api]);
  const remote = useRemote<OrderView>(
    orderNum ? () => (opts.confirm ? store.confirm(orderNum) : store.detail(orderNum)) : null,
    `${orderNum}|${opts.confirm}`,
  );
  return remote;
}

/** While the server still says 支付中, reads the order again a few times. */
export function usePollWhilePaying(
  remote: ReturnType<typeof useOrder>,
  orderNum: string | null,
  maxRounds = 5,
) {
  const { api } = usePlatform();
  const store = useMemo(() => storeApi(api), [api]);
  const state = remote.status === "ready" ? remote.data.state : null;
  const setData = remote.setData;
  // biome-ignore lint/correctness/useExhaustiveDependencies: polls on the state only
  useEffect(() => {
    if (!orderNum || state !== "paying") return;
    let rounds = 0;
    let live = true;
    const timer = window.setInterval(() => {
      rounds += 1;
      if (rounds > maxRounds) {
        window.clearInterval(timer);
        return;
      }
      store.detail(orderNum).then(
        (o) => live && o.state !== "paying" && setData(o),
        () => {},
      );
    }, 1500);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [orderNum, state]);
}
