import type { OrderView } from "@tongjian/contracts/commerce";
import { formatFen } from "@tongjian/domain/commerce";
import type { NativeBridge } from "../../shell/native-bridge.ts";

/**
 * The app's local 订单通知 for an order the success page shows (docs/native-bridge.md "Notices"):
 * only for a paid order that is done; null otherwise. Its id is the order's, so the app shows it
 * once however often the page is opened.
 */
export function orderNotice(
  order: Pick<OrderView, "orderNum" | "state" | "payFen" | "product">,
): { id: string; title: string; body: string; url: string } | null {
  if (order.state !== "fulfilled" && order.state !== "paid") return null;
  return {
    id: `order:${order.orderNum}`,
    title: order.product.kind === "vip" ? "会员开通成功" : "支付成功",
    body: `${order.product.title} · 实付 ${formatFen(order.payFen)}`,
    url: `/order/${order.orderNum}`,
  };
}

/** Inside the app only: asks the app to show the order's notice; a refusal changes nothing. */
export async function showOrderNotice(
  env: { isNativeApp: boolean },
  bridge: Pick<NativeBridge, "call">,
  order: Parameters<typeof orderNotice>[0],
): Promise<boolean> {
  if (!env.isNativeApp) return false;
  const notice = orderNotice(order);
  if (!notice) return false;
  await bridge.call("notify", notice).catch(() => undefined);
  return true;
}
