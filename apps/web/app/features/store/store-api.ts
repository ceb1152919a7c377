import type {
  OrderView,
  PayView,
  ProductView,
  QuoteView,
  VipStatusView,
} from "@tongjian/contracts/commerce";
import type { AgreementVersionRef } from "@tongjian/domain/agreement-consent";
import type { VIP_RIGHTS } from "@tongjian/domain/commerce";
import type { BrowserApi } from "../../shell/browser-api.ts";
import type { PayMethod } from "./pay-flow.ts";

/** The store's HTTP API (decision 0037 over the contracts of packages/contracts/src/commerce.ts). */
export type OrdersTab = "all" | "unpaid" | "done" | "refund";

export interface ShippingAddress {
  name: string;
  phone: string;
  region: string;
  detail: string;
}

export interface CreateOrderInput {
  productKey: string;
  quantity: number;
  couponId: string | null;
  autoRenew: boolean;
  address?: ShippingAddress;
  returnPath?: string;
  /** The agreements accepted with the order, at their versions (decision 40). */
  agreements?: AgreementVersionRef[];
}

export type VipView = VipStatusView & { rights?: typeof VIP_RIGHTS };

export function storeApi(api: BrowserApi) {
  return {
    products: (kind?: string) =>
      api.get<{ products: ProductView[] }>(
        `/api/m/commerce/products${kind ? `?kind=${encodeURIComponent(kind)}` : ""}`,
      ),
    vip: () => api.get<VipView>("/api/m/commerce/vip"),
    quote: (body: { productKey: string; quantity: number; couponId?: string | null }) =>
      api.post<QuoteView>("/api/m/commerce/quote", { ...body }),
    create: (body: CreateOrderInput) =>
      api.post<OrderView>("/api/m/order/create", { ...body } as Record<string, unknown>),
    pay: (orderNum: string, method: PayMethod) =>
      api.post<PayView>("/api/m/order/pay", { orderNum, method }),
    confirm: (orderNum: string) => api.post<OrderView>("/api/m/order/confirm", { orderNum }),
    detail: (orderNum: string) =>
      api.get<OrderView>(`/api/m/order/detail?orderNum=${encodeURIComponent(orderNum)}`),
    list: (state: OrdersTab) =>
      api.get<{ orders: OrderView[] }>(`/api/m/order/list?state=${state}`),
  };
}
export type StoreApi = ReturnType<typeof storeApi>;

/** Our order number, as the contracts define it. */
export const ORDER_NUM = /^TJ[0-9]{14}[0-9A-Z]{8}$/;
