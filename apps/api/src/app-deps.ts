import type { DatabaseHandle } from "@tongjian/db/create-database";
import type { WeChatProvider } from "./providers/wechat/wechat-provider.ts";
import type { ArticleRepository } from "./repositories/article-repository.ts";
import type { createBannerRepository } from "./repositories/banner-repository.ts";
import type { EntryRepository } from "./repositories/entry-repository.ts";
import type { LikeRepository } from "./repositories/like-repository.ts";
import type { SearchRepository } from "./repositories/search-repository.ts";
import type { TrackingRepository } from "./repositories/tracking-repository.ts";
import type { ViewCounter } from "./repositories/view-counter.ts";
import type { VisitorRepository } from "./repositories/visitor-repository.ts";
import type { ServerConfig } from "./server-config.ts";
import type { KeyValueStore } from "./stores/key-value-store.ts";

export interface AppDeps {
  config: ServerConfig;
  handle: DatabaseHandle;
  store: KeyValueStore;
  entries: EntryRepository;
  articles: ArticleRepository;
  banners: ReturnType<typeof createBannerRepository>;
  views: ViewCounter;
  visitors: VisitorRepository;
  tracking: TrackingRepository;
  search: SearchRepository;
  likes: LikeRepository;
  wechat: WeChatProvider;
}
