import { readQuizSettings } from "@tongjian/content/quiz-content";
import type { DatabaseHandle } from "@tongjian/db/create-database";
import type { DayContent } from "@tongjian/domain/campaign-days";
import { createAccountRepository } from "./accounts/account-repository.ts";
import { createAccountService } from "./accounts/accounts.server.ts";
import { createAttemptLimiter } from "./accounts/attempt-limiter.ts";
import { PASSWORD_COST } from "./accounts/password-hash.ts";
import { createSessionRepository } from "./accounts/session-repository.ts";
import { createSessionService } from "./accounts/sessions.server.ts";
import { createSmsCodes } from "./accounts/sms-codes.ts";
import type { SmsProvider } from "./accounts/sms-provider.ts";
import { createVisitorRepository } from "./accounts/visitor-repository.ts";
import { createVisitorService } from "./accounts/visitors.server.ts";
import { createAgreementService } from "./agreements/agreements.server.ts";
import { createPersonalDataService } from "./agreements/personal-data.server.ts";
import { createSoundCatalogue } from "./agreements/sound-catalogue.server.ts";
import { createAskService } from "./ask/ask.server.ts";
import { createAskRepository } from "./ask/ask-repository.ts";
import { createBoardRepository } from "./boards/board-repository.ts";
import { createBoardService } from "./boards/boards.server.ts";
import { postActivityFeed } from "./boards/post-activity-feed.ts";
import { createBookService } from "./books/books.server.ts";
import { createCampaignWorks } from "./campaigns/campaign-works.server.ts";
import { createCampaigns } from "./campaigns/campaigns.server.ts";
import { createCampaignDays } from "./campaigns/days.server.ts";
import { createDivination } from "./campaigns/divination.server.ts";
import { createGreetingCards } from "./campaigns/greeting-cards.server.ts";
import { createQuiz } from "./campaigns/quiz.server.ts";
import { createSpringFestival } from "./campaigns/spring-festival.server.ts";
import { createVotes } from "./campaigns/votes.server.ts";
import { createYearReview } from "./campaigns/year-review.server.ts";
import { createCatalogue } from "./commerce/catalogue.server.ts";
import { createEntitlements } from "./commerce/entitlements.server.ts";
import { createOrderService, type PaymentChannels } from "./commerce/orders.server.ts";
import { createStoreNotices, type StoreNoticeTemplates } from "./commerce/store-notices.server.ts";
import { createCommunityService } from "./community/community.server.ts";
import { createCommunityRepository } from "./community/community-repository.ts";
import { createPostViewCounter } from "./community/post-view-counter.ts";
import { createArticleRepository } from "./content/article-repository.ts";
import { createArticleService } from "./content/articles.server.ts";
import { createBannerRepository } from "./content/banner-repository.ts";
import { createContentReadCaches } from "./content/content-read-cache.ts";
import { createCoverService } from "./content/covers.server.ts";
import { createEntryService } from "./content/entries.server.ts";
import { createEntryRepository } from "./content/entry-repository.ts";
import { createHomeService } from "./content/home.server.ts";
import { createInsightRepository } from "./content/insight-repository.ts";
import { createInsightService } from "./content/insights.server.ts";
import { createViewCounter } from "./content/view-counter.ts";
import { createDataPageService } from "./datapage/datapage.server.ts";
import { createAbPathService } from "./graph/ab-path.server.ts";
import { createAbPathRepository } from "./graph/ab-path-repository.ts";
import { createFamilyService } from "./graph/family.server.ts";
import { createFamilyRepository } from "./graph/family-repository.ts";
import { createGraphOwnerMoveRepository } from "./graph/graph-owner-move-repository.ts";
import { createLatticeService } from "./graph/lattice.server.ts";
import { createLatticeRepository } from "./graph/lattice-repository.ts";
import { createRecommendService } from "./graph/recommend.server.ts";
import { createRecommendRepository } from "./graph/recommend-repository.ts";
import { createRelationGraphRepository } from "./graph/relation-graph-repository.ts";
import { createRelationGraphSource } from "./graph/relation-graph-source.ts";
import { createRelationMapRepository } from "./graph/relation-map-repository.ts";
import { createRelationMapService } from "./graph/relation-maps.server.ts";
import { createTimeColumnService } from "./graph/time-columns.server.ts";
import { createTimeRepository } from "./graph/time-repository.ts";
import { createTimelineService } from "./graph/timelines.server.ts";
import { createHealthService } from "./health/health.server.ts";
import { createHealthRepository } from "./health/health-repository.ts";
import type { KeyValueStore } from "./key-value-store.ts";
import { createChallenges } from "./learning/challenges.server.ts";
import { createDepthTests } from "./learning/depth-test.server.ts";
import { createKnowledgePoints } from "./learning/knowledge-points.server.ts";
import { createLadderService } from "./learning/ladders.server.ts";
import { createQuestionBank } from "./learning/question-bank.server.ts";
import { createReviewService } from "./learning/reviews.server.ts";
import { createStudyActivity } from "./learning/study-activity.server.ts";
import { createStudyRecords } from "./learning/study-records.server.ts";
import { createCorpusRepository } from "./lists/corpus-repository.ts";
import { createCorpusSource } from "./lists/corpus-source.ts";
import { createListService } from "./lists/lists.server.ts";
import { createSampleAudioService } from "./media/sample-audio.server.ts";
import { createMuseumService } from "./museum/museum.server.ts";
import { createMuseumRepository } from "./museum/museum-repository.ts";
import { createMusicService } from "./music/music.server.ts";
import { createMusicAudio } from "./music/music-audio.server.ts";
import { createMusicRepository } from "./music/music-repository.ts";
import { myPostsSlot } from "./my/community-slot.ts";
import { myCampaignRewardsSlot, myOrdersSlot, myStudySlot } from "./my/feature-slots.ts";
import { createLikedItemsRepository } from "./my/liked-items-repository.ts";
import { createMyPagesService } from "./my/my-pages.server.ts";
import { createReadingHistoryService } from "./my/reading-history.server.ts";
import { createReadingHistoryRepository } from "./my/reading-history-repository.ts";
import { createReadingRecorder } from "./my/reading-recorder.ts";
import { createSavedItemRepository } from "./my/saved-item-repository.ts";
import { createSavedItemService } from "./my/saved-items.server.ts";
import { createPaintingPictures } from "./painting/painting-pictures.server.ts";
import { createPaintingService } from "./painting/paintings.server.ts";
import { createPanoramaRepository } from "./panorama/panorama-repository.ts";
import { createPanoramaService } from "./panorama/panoramas.server.ts";
import { createSceneImages } from "./panorama/scene-image.server.ts";
import { createPlaceService, type PlaceHolders } from "./places/places.server.ts";
import { createPromotions } from "./promotions/promotions.server.ts";
import { createSearchService } from "./search/search.server.ts";
import { createSearchRepository } from "./search/search-repository.ts";
import { createSitemapService } from "./seo/sitemap.server.ts";
import { createSitemapRepository } from "./seo/sitemap-repository.ts";
import { NotFoundError } from "./service-error.ts";
import { createFollowRepository } from "./social/follow-repository.ts";
import { createFollowService } from "./social/follows.server.ts";
import { createLikeRepository } from "./social/like-repository.ts";
import { createLikeService } from "./social/likes.server.ts";
import type { ObjectStorage } from "./storage/object-storage.ts";
import { createTimeMapService } from "./timemap/timemap.server.ts";
import { createTimeMapRepository } from "./timemap/timemap-repository.ts";
import { createTrackingService } from "./tracking/tracking.server.ts";
import { createTrackingRepository } from "./tracking/tracking-repository.ts";
import { createAudioUploadService } from "./video/audio-uploads.server.ts";
import { createLiveService } from "./video/live.server.ts";
import { createLiveReminders } from "./video/live-reminders.server.ts";
import { createVideoService } from "./video/videos.server.ts";
import {
  createSubscribeMessages,
  type SubscribeMessageSender,
} from "./wechat/subscribe-messages.server.ts";
import { createSubscriptionRepository } from "./wechat/subscription-repository.ts";
import { createSubscriptionService } from "./wechat/subscriptions.server.ts";
import { createWechatLinkRepository } from "./wechat/wechat-link-repository.ts";
import { createWechatLinkService } from "./wechat/wechat-links.server.ts";
import { createNoteRepository } from "./words/note-repository.ts";
import { createOwnerMoveRepository } from "./words/owner-move-repository.ts";
import { createWordsService } from "./words/words.server.ts";

export interface ServiceDeps {
  handle: DatabaseHandle;
  store: KeyValueStore;
  /** How often the read caches check the content version (`CONTENT_POLL_MS`). */
  contentPollMs: number;
  /** Where SMS codes go (`SMS_PROVIDER`). */
  sms: SmsProvider;
  /** The secret the app's backend signs its tokens with (`APP_TOKEN_SECRET`). */
  appTokenSecret: string | undefined;
  /** scrypt's N for new password hashes (`PASSWORD_SCRYPT_N`); the recommended cost by default. */
  passwordScryptN?: number | undefined;
  /** Where uploaded images are kept (`UPLOAD_STORAGE`, `UPLOAD_DIR`). */
  uploads: ObjectStorage;
  /** The content folder (`CONTENT_DIR`): the time map's base map is read from its geo/. */
  contentDir?: string;
  /** The day pages' files (content/campaigns/<key>/list.yaml, content/days/; decision 47). */
  dayContent?: DayContent;
  /** Where the pieces' synthesised audio is kept (`DATA_DIR`/music-audio); a temp folder if unset. */
  musicCacheDir?: string;
  /**
   * The store's payment channels (decision 33): WeChat Pay and Alipay once configured; a pay
   * method whose channel is missing answers "暂不支持该支付方式".
   */
  paymentChannels?: PaymentChannels;
  /**
   * The store's notices (issue 21): WeChat subscription messages through the official account,
   * with the templates from `WECHAT_TEMPLATE_ORDER`, `WECHAT_TEMPLATE_VIP_EXPIRY`; unset ones
   * are skipped and logged.
   */
  storeNotices?: {
    send?: SubscribeMessageSender | undefined;
    templates: StoreNoticeTemplates;
    log?: (message: string, detail?: Record<string, unknown>) => void;
  };
  /**
   * Live-session reminders (decision 48): the 直播提醒 subscription message's template
   * (`WECHAT_TEMPLATE_LIVE`; unset skips WeChat, logged) and how many minutes before a start
   * they go out (`LIVE_REMINDER_LEAD_MINUTES`). They run with the store's jobs.
   */
  liveReminders?: {
    send?: SubscribeMessageSender | undefined;
    template?: string | undefined;
    leadMinutes?: number | undefined;
    log?: (message: string, detail?: Record<string, unknown>) => void;
  };
  /** Test-only: runs after an order's paid mark commits, before fulfilment (the SIGKILL test). */
  afterOrderPaid?: (orderNum: string) => void;
}

/**
 * The product's operations, over one database and one store. Page loaders and API routes call
 * the same functions: a loader directly, a route after validating the request.
 */
export function createServices(deps: ServiceDeps) {
  const db = deps.handle.db;
  const articles = createArticleRepository(db);
  const entries = createEntryRepository(db);
  const views = createViewCounter(db);
  const insights = createInsightRepository(db);
  const contentVersion = () => articles.contentVersion();
  const caches = createContentReadCaches({ contentVersion, pollMs: deps.contentPollMs });
  // The relation graph (问史's relation chains, the A-to-B path): built on first use,
  // rebuilt after a content change.
  const graphEdges = createRelationGraphRepository(db);
  const relationGraph = createRelationGraphSource({
    load: () => graphEdges.edges(),
    contentVersion,
    pollMs: deps.contentPollMs,
  });
  // What to read next, ranked by the relation graph (for articles and entries alike).
  const graphRecommend = createRecommendService({
    graph: relationGraph,
    entries,
    articles,
    recommend: createRecommendRepository(db),
  });
  // Signed-in readers' reads (their history on /my), written like the view counts.
  const readingHistory = createReadingHistoryRepository(db);
  const reads = createReadingRecorder(readingHistory);
  const entryService = createEntryService({
    articles,
    entries,
    views,
    caches,
    reads,
    // Member entries (会员词条) are whole for VIP readers: the one rule of VIP_RIGHTS.
    memberAccess: (reader) => entitlements.hasOwner(reader, "member-entries"),
  });
  // Time columns, the timebar and timelines (/timeColumn, /timebar, /timeline).
  const timeRepository = createTimeRepository(db);
  const timeColumns = createTimeColumnService({ time: timeRepository, caches });
  const music = createMusicService({ music: createMusicRepository(db) });
  const paintings = createPaintingService({
    db,
    pictures: createPaintingPictures({ storage: deps.uploads }),
    views,
    caches,
  });
  const questionBank = createQuestionBank({
    db,
    paintingPreview: (id) => paintings.pictureUrl(id, "preview.jpg"),
  });
  const studyActivity = createStudyActivity({ db });
  // The review list (FSRS) that ladders, depth tests and challenges put wrong answers on.
  const reviews = createReviewService({ db, bank: questionBank, activity: studyActivity });
  const studyRecords = createStudyRecords({
    db,
    dialect: deps.handle.dialect,
    questionBank,
    studyActivity,
    reviews,
  });
  // The store (decision 33): what readers hold, and orders with exactly-once fulfilment, priced
  // by the promotions (decision 36: running discounts and coupons), which give products through
  // the orders' complimentary grants (exchange codes, gifts, draws).
  const limiter = createAttemptLimiter(deps.store);
  const entitlements = createEntitlements({ db, dialect: deps.handle.dialect });
  const promotions = createPromotions({
    db,
    limiter,
    complimentary: { grant: (trx, input) => orders.complimentary.grant(trx, input) },
    // A reader may share gifts while a member, or once they have bought something.
    canGive: async (accountId) =>
      (await entitlements.hasOwner(accountId, "full-articles")) ||
      (await db
        .selectFrom("orders")
        .select("order_num")
        .where("account_id", "=", accountId)
        .where("source", "is", null)
        .where("state", "=", "fulfilled")
        .executeTakeFirst()) !== undefined,
  });
  // The campaign engine (decision 39): schedules, limits, rewards given once through the store
  // and the study records, rankings, live counts, shares and who brought whom.
  const campaigns = createCampaigns({
    db,
    grants: {
      vipDays: async (trx, accountId, days, key) => {
        await entitlements.grantVip(trx, {
          accountId,
          days,
          grantKey: key,
          orderNum: null,
          now: new Date(),
        });
      },
      coupon: async (trx, accountId, couponKey) => {
        await promotions.coupons.grantByKey(trx, couponKey, accountId);
      },
      reissueCards: async (trx, accountId, cards, label, key) => {
        for (let i = 0; i < cards; i++)
          await studyRecords.grantReissueCard(accountId, label, `${key}:${i}`, trx);
      },
    },
  });
  const storeNotices = createStoreNotices({
    db,
    send: deps.storeNotices?.send,
    templates: deps.storeNotices?.templates ?? {},
    ...(deps.storeNotices?.log ? { log: deps.storeNotices.log } : {}),
  });
  // Live-session reminders (decision 48), sent by the store's job runs alongside its notices.
  const liveLeadMinutes = deps.liveReminders?.leadMinutes;
  const liveReminders = createLiveReminders({
    db,
    messages: createSubscribeMessages({ db, send: deps.liveReminders?.send }),
    template: deps.liveReminders?.template,
    ...(liveLeadMinutes !== undefined ? { leadMinutes: liveLeadMinutes } : {}),
    ...(deps.liveReminders?.log ? { log: deps.liveReminders.log } : {}),
  });
  const orders = createOrderService({
    db,
    notify: (accountId, notice) => storeNotices.order(accountId, notice),
    // Each job's failure is the run's to log; one failing does not stop the other.
    noticeJobs: async () => {
      const jobs = await Promise.allSettled([storeNotices.remindExpiring(), liveReminders.run()]);
      const failed = jobs.find((j) => j.status === "rejected");
      if (failed) throw failed.reason;
    },
    dialect: deps.handle.dialect,
    pricing: promotions.pricing,
    entitlements,
    paymentChannels: deps.paymentChannels ?? {},
    grantReissueCard: (ownerId, cause, key, trx) =>
      studyRecords.grantReissueCard(ownerId, cause, key, trx),
    ...(deps.afterOrderPaid ? { afterPaidCommit: deps.afterOrderPaid } : {}),
  });
  const ladders = createLadderService({
    db,
    bank: questionBank,
    reviews,
    activity: studyActivity,
    access: (viewer, what) => entitlements.has(viewer, what),
  });
  const searchService = createSearchService({ search: createSearchRepository(deps.handle) });
  const accountRepository = createAccountRepository(db);
  const visitorRepository = createVisitorRepository(db);
  const likeRepository = createLikeRepository(db);
  const communityRepository = createCommunityRepository(db);
  const postViews = createPostViewCounter(communityRepository);
  // A visitor that binds an account hands over its notes, subscriptions and 企业微信 contacts too.
  const ownerMoves = createOwnerMoveRepository(db);
  const graphOwnerMoves = createGraphOwnerMoveRepository(db);
  // Agreements (decision 40): acceptances move with a binding visitor, like its other rows.
  const agreements = createAgreementService({ db });
  const sessions = createSessionService({ sessions: createSessionRepository(db) });
  const afterBind = async (visitorId: string, accountId: string) => {
    await ownerMoves.moveOwner(visitorId, accountId);
    await agreements.moveOwner(visitorId, accountId);
    await graphOwnerMoves.moveOwner(visitorId, accountId);
    await ladders.moveOwner(visitorId, accountId);
    await entitlements.moveOwner(visitorId, accountId);
  };
  const community = createCommunityService({
    community: communityRepository,
    store: deps.store,
    storage: deps.uploads,
    views: postViews,
  });
  const savedItems = createSavedItemRepository(db);
  const follows = createFollowService({
    follows: createFollowRepository(db),
    accounts: accountRepository,
    limiter,
  });
  const history = createReadingHistoryService({
    history: readingHistory,
    recorder: reads,
    limiter,
  });
  const saved = createSavedItemService({ saved: savedItems });
  // The boards rank the community's posts by their recent activity beside the entries.
  const boards = createBoardService({
    boards: createBoardRepository(db),
    posts: postActivityFeed((request) => community.listPostActivity(request)),
  });
  // The space bar, the era and national lists, the top lists, the site and data pages read the
  // written corpus from one in-memory index per content version.
  const corpus = createCorpusRepository(db);
  const corpusSource = createCorpusSource({ corpus, caches });
  // The time map (/home/timemap, /map/detail) and places over time (issue 18).
  const timeMap = createTimeMapService({
    timeMap: createTimeMapRepository(db),
    caches,
    ...(deps.contentDir ? { contentDir: deps.contentDir } : {}),
  });
  // Who held a place: the time map's territories, point in polygon.
  const placeHolders: PlaceHolders = async (placeId) => {
    try {
      return (await timeMap.place(placeId)).holders;
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  };

  // The sample videos, the live programme and readers' recordings (issue 19 §4–5).
  const videos = createVideoService({ db, contentDir: deps.contentDir ?? "content" });

  return {
    home: createHomeService({ articles, banners: createBannerRepository(db), entries, caches }),
    articles: createArticleService({
      articles,
      entries,
      views,
      caches,
      reads,
      recommend: graphRecommend.get,
    }),
    covers: createCoverService({ articles, entries, insights }),
    insights: createInsightService({ insights, entries, articles, caches }),
    entries: entryService,
    family: createFamilyService({ family: createFamilyRepository(db) }),
    lattice: createLatticeService({ lattice: createLatticeRepository(db), caches }),
    timeColumns,
    timeMap,
    timelines: createTimelineService({
      entries: entryService,
      entryRows: entries,
      time: timeRepository,
      columns: timeColumns,
    }),
    search: searchService,
    // The 3D museum's rooms (/home/museum): the corpus's paintings and calligraphy by era.
    museum: createMuseumService({ museum: createMuseumRepository(db), caches }),
    ask: createAskService({
      search: searchService,
      entries: entryService,
      repository: createAskRepository(db),
      graph: relationGraph,
    }),
    likes: createLikeService({ likes: likeRepository, limiter }),
    visitors: createVisitorService({ visitors: visitorRepository, accounts: accountRepository }),
    accounts: createAccountService({
      accounts: accountRepository,
      visitors: visitorRepository,
      likes: likeRepository,
      alsoOwned: [readingHistory, savedItems],
      smsCodes: createSmsCodes({ store: deps.store, provider: deps.sms, limiter }),
      limiter,
      store: deps.store,
      appTokenSecret: deps.appTokenSecret,
      ...(deps.passwordScryptN
        ? { passwordCost: { ...PASSWORD_COST, N: deps.passwordScryptN } }
        : {}),
      afterBind,
    }),
    community,
    sessions,
    agreements,
    personalData: createPersonalDataService({ db, sessions }),
    soundCatalogue: createSoundCatalogue({ db }),
    follows,
    history,
    saved,
    abPaths: createAbPathService({
      graph: relationGraph,
      paths: createAbPathRepository(db),
      saved,
    }),
    relationMaps: createRelationMapService({
      maps: createRelationMapRepository(db),
      saved,
      caches,
    }),
    my: createMyPagesService({
      accounts: accountRepository,
      visitors: visitorRepository,
      follows,
      history,
      saved,
      liked: createLikedItemsRepository(db),
      slots: [
        myPostsSlot((request) => community.posts(request)),
        myOrdersSlot((viewer) => orders.list(viewer)),
        myStudySlot((viewer) => studyRecords.overview(viewer)),
        myCampaignRewardsSlot((viewer) => campaigns.myRewards(viewer)),
      ],
    }),
    tracking: createTrackingService({ tracking: createTrackingRepository(db) }),
    boards,
    places: createPlaceService({ source: corpusSource, holders: placeHolders }),
    lists: createListService({ source: corpusSource, corpus, caches, boards }),
    dataPages: createDataPageService({ source: corpusSource, corpus, caches }),
    words: createWordsService({ notes: createNoteRepository(db), limiter }),
    subscriptions: createSubscriptionService({
      subscriptions: createSubscriptionRepository(db),
    }),
    wechatLinks: createWechatLinkService({
      links: createWechatLinkRepository(db),
      visitors: visitorRepository,
      likes: likeRepository,
      afterBind,
    }),
    sampleAudio: createSampleAudioService(),
    // 中国音乐 (/music/*): pieces, boards, performers, playlists, and their synthesised audio.
    music,
    musicAudio: createMusicAudio({
      music,
      ...(deps.musicCacheDir ? { cacheDir: deps.musicCacheDir } : {}),
    }),
    // The 360° scenes of /panorama and /panorama2022, their pictures and exchange codes.
    books: createBookService({ db, storage: deps.uploads }),
    panoramas: createPanoramaService({
      panoramas: createPanoramaRepository(db),
      entries,
      images: createSceneImages(),
      limiter,
    }),
    videos,
    live: createLiveService({
      db,
      videos,
      ...(liveLeadMinutes !== undefined ? { reminderLeadMinutes: liveLeadMinutes } : {}),
    }),
    // The live-session reminder job (decision 48); runs with the store's jobs (ORDER_JOBS_MS).
    liveReminders,
    audioUploads: createAudioUploadService({ db, storage: deps.uploads }),
    // Paintings and artists (/painting, /paintingsort, billboards, /artist) and their pictures.
    paintings,
    // Learning (issue 20): the question bank and knowledge points every learning screen shares,
    // and the study activity they write for the records.
    questionBank,
    studyActivity,
    // 知识点 (/knowledgepoint/*, /knowlist): the hub, practice rounds, mastery and courses.
    knowledgePoints: createKnowledgePoints({
      db,
      access: (viewer, scope) => entitlements.has(viewer, scope),
      store: deps.store,
      bank: questionBank,
      activity: studyActivity,
      caches,
      reviews,
    }),
    // The challenges (天梯挑战, 文史挑战, 文史答题), their rankings and rewards; /study/ranking.
    challenges: createChallenges({
      db,
      store: deps.store,
      questionBank,
      studyActivity,
      reviews,
      grantReissueCard: (userId, cause, key) => studyRecords.grantReissueCard(userId, cause, key),
      // A claimed "vip-days" reward extends VIP through the same entitlement (decision 33).
      grantVipDays: (userId, days, key) =>
        db
          .transaction()
          .execute((trx) =>
            entitlements.grantVip(trx, {
              accountId: userId,
              days,
              grantKey: `reward:${key}`,
              orderNum: null,
              now: new Date(),
            }),
          )
          .then((end) => end !== null),
    }),
    // Study records, plans, reminders, check-in and reissue cards, binding, surveys, mock test.
    studyRecords,
    // The depth test and the AI test (/depthtest, /aitest): adaptive, marked on the server.
    depthTests: createDepthTests({ db, questionBank, studyActivity, reviews }),
    // The ladders (天梯), their progress and 积分, and the review list of wrong answers.
    ladders,
    reviews,
    // The store's catalogue (content/commerce/products.yaml): what is sold and today's price tag.
    catalogue: createCatalogue({ db, pricing: promotions.pricing }),
    // Coupons, discounts, the draw sale, exchange codes and gifts (decision 36).
    promotions,
    campaigns,
    // The vote campaigns (/love, /wenshisong; decision 45): candidates, ballots and live counts.
    votes: createVotes({ db, campaigns, music, contentDir: deps.contentDir ?? "content" }),
    // 春节邀请 and 天梯周年, activities of the campaign engine (decision 43).
    springFestival: createSpringFestival({
      db,
      campaigns,
      flushReads: () => reads.flush(),
      contentDir: deps.contentDir ?? "content",
    }),
    yearReview: createYearReview({ db, campaigns, flushReads: () => reads.flush() }),
    // The quiz campaigns (decision 44): rounds from the question bank on the campaign engine.
    quiz: createQuiz({
      db,
      campaigns,
      questionBank,
      settings: (key) => readQuizSettings(deps.contentDir ?? "content", key),
    }),
    // Readers' works in 文史奖励 and 作品征集 (decision 46): submission, moderation, likes, prizes.
    campaignWorks: createCampaignWorks({ db, campaigns, storage: deps.uploads, store: deps.store }),
    // The day pages (decision 47): reading lists, share-to-unlock, 历史日历, 往事列表, 简读史, 中国风.
    days: createCampaignDays({ db, campaigns, content: deps.dayContent }),
    // 求签 and 贺卡 (decision 42), activities of the campaign engine.
    divination: createDivination({ campaigns, contentDir: deps.contentDir ?? "content" }),
    greetingCards: createGreetingCards({
      db,
      campaigns,
      contentDir: deps.contentDir ?? "content",
    }),
    // Orders and payments (/api/m/order/*, /api/pay/notify/*), VIP and what readers hold.
    orders,
    // 订单通知 and 会员到期提醒 through WeChat subscription messages (issue 21).
    storeNotices,
    vip: { status: entitlements.status },
    entitlements,
    sitemap: createSitemapService({ sitemap: createSitemapRepository(db), entries }),
    health: createHealthService({
      health: createHealthRepository(db),
      dialect: deps.handle.dialect,
      store: deps.store,
    }),
    /**
     * Stops the read caches' content polling and the view counter's timer, and writes the view
     * counts and reads not yet written (the server's shutdown). Each call writes what was
     * counted since.
     */
    close(): Promise<void> {
      caches.close();
      relationGraph.close();
      orders.stopJobs();
      return Promise.all([views.close(), postViews.close(), reads.close()]).then(() => {});
    },
  };
}

export type Services = ReturnType<typeof createServices>;
