import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { AppLink } from "./app-link.tsx";
import type { PlannedRoute } from "./planned-route.ts";

const AREA_NAMES: Record<string, string> = {
  shell: "基础",
  content: "内容",
  graph: "图谱",
  map: "地图",
  media: "影音书画",
  accounts: "账户",
  community: "社区",
  learning: "学习",
  commerce: "会员与订单",
  campaigns: "活动",
  agreements: "协议",
};

/** A spec route whose screen a later release builds: counted and visible, never hidden. */
export function PlannedScreen({ route }: { route: PlannedRoute }) {
  return (
    <main className="tj-state" data-route-status="planned" data-route-area={route.area}>
      <title>{`${route.title} - ${PRODUCT_NAME}`}</title>
      <div className="tj-state__badge">建设中</div>
      <h1 className="tj-state__title">{route.title}正在建设中</h1>
      <p className="tj-state__hint">
        「{AREA_NAMES[route.area] ?? "功能"}」板块的这一页即将上线，先去看看已经开放的内容吧。
      </p>
      <AppLink className="tj-button" to="/">
        返回首页
      </AppLink>
    </main>
  );
}
