import { routeId } from "./route-id.ts";
/**
 * Every route of spec §2, with its exact pattern, the area it belongs to and whether its screen
 * is built. React Router's route config and `npm run routes:report` both read this list, so a
 * route is never hidden: a planned one renders inside the shell and says so.
 */
export type RouteArea =
  | "shell"
  | "content"
  | "graph"
  | "map"
  | "media"
  | "accounts"
  | "community"
  | "learning"
  | "commerce"
  | "campaigns"
  | "agreements";

export type RouteKind = "single" | "agreement" | "sub" | "param" | "catch-all";

export interface RouteSpec {
  /** React Router pattern: `:id?` optional segment, `*` catch-all. */
  path: string;
  area: RouteArea;
  kind: RouteKind;
  /** Chinese title shown in the shell and in the planned state. */
  title: string;
  /** Module under apps/web/app/routes that renders the built screen. */
  module?: string;
}

const r = (
  path: string,
  area: RouteArea,
  kind: RouteKind,
  title: string,
  module?: string,
): RouteSpec => (module ? { path, area, kind, title, module } : { path, area, kind, title });

const SINGLE: RouteSpec[] = [
  r("/", "content", "single", "首页", "home.tsx"),
  r("/abpath", "graph", "single", "人物关系路径", "ab-path.tsx"),
  r("/ah", "content", "single", "历史文章", "article-hub.tsx"),
  r("/ai", "learning", "single", "问史", "ai.tsx"),
  r("/audioupload", "media", "single", "上传音频", "audio-upload.tsx"),
  r("/bindstudy", "learning", "single", "绑定学习", "bindstudy.tsx"),
  r("/board", "content", "single", "热榜", "board.tsx"),
  r("/buyvip", "commerce", "single", "开通会员", "buyvip.tsx"),
  r("/cale", "content", "single", "历史日历", "cale.tsx"),
  r("/changanactivity", "campaigns", "single", "长安活动", "campaign-day.tsx"),
  r("/clockin", "learning", "single", "每日打卡", "clockin.tsx"),
  r("/crazyeleven", "campaigns", "single", "双十一活动", "campaign-day.tsx"),
  r("/depthtest", "learning", "single", "深度测评", "depthtest.tsx"),
  r("/divination", "campaigns", "single", "求签", "divination.tsx"),
  r("/donatebooks", "campaigns", "single", "捐书活动", "donatebooks.tsx"),
  r("/drawsale", "campaigns", "single", "抽奖特惠", "drawsale.tsx"),
  r("/exchange", "commerce", "single", "兑换码", "exchange.tsx"),
  r("/followwxaccount", "accounts", "single", "关注公众号", "follow-wx-account.tsx"),
  r("/greetingcard", "campaigns", "single", "贺卡", "greetingcard.tsx"),
  r("/hotbillboard", "content", "single", "热门榜单", "hot-billboard.tsx"),
  r("/insight", "content", "single", "洞察", "insight.tsx"),
  r("/jds", "content", "single", "简读史", "jds.tsx"),
  r("/knowledgepoint", "learning", "single", "知识点", "knowledgepoint.tsx"),
  r("/knowlist", "learning", "single", "知识清单", "knowlist.tsx"),
  r("/laborday", "campaigns", "single", "劳动节活动", "campaign-day.tsx"),
  r("/ladderanniversary", "campaigns", "single", "天梯周年", "ladder-anniversary.tsx"),
  r("/ladderanniversary1", "campaigns", "single", "天梯周年", "ladder-anniversary.tsx"),
  r("/ladderintroduce", "learning", "single", "天梯介绍", "ladder-introduce.tsx"),
  r("/laddersample", "learning", "single", "天梯试学", "ladder-sample.tsx"),
  r("/largeV", "community", "single", "大V", "large-v.tsx"),
  r("/latticeDiagram", "graph", "single", "格子图", "lattice-diagram.tsx"),
  r("/law", "agreements", "single", "法律声明", "agreement.tsx"),
  r("/learnrecord", "learning", "single", "学习记录", "learnrecord.tsx"),
  r("/live", "media", "single", "直播", "live.tsx"),
  r("/lLadderProductDetail", "commerce", "single", "天梯课程详情", "product-course.tsx"),
  r("/login", "accounts", "single", "登录", "login.tsx"),
  r("/love", "campaigns", "single", "投票活动", "vote-board.tsx"),
  r("/my", "accounts", "single", "我的", "my.tsx"),
  r("/offexchange", "commerce", "single", "线下兑换", "exchange.tsx"),
  r("/onlinebook", "media", "single", "在线读书", "onlinebook.tsx"),
  r("/openxcx", "shell", "single", "打开小程序", "openxcx.tsx"),
  r("/panorama", "map", "single", "全景", "panorama.tsx"),
  r("/panorama2022", "map", "single", "全景 2022", "panorama.tsx"),
  r("/psychologicalday", "campaigns", "single", "心理健康日", "campaign-day.tsx"),
  r("/readbook", "media", "single", "读书", "readbook.tsx"),
  r("/readday", "campaigns", "single", "读书日", "campaign-day.tsx"),
  r("/reader", "media", "single", "阅读器", "reader.tsx"),
  r("/redirectpage", "shell", "single", "下载App", "redirect-page.tsx"),
  r("/relation", "graph", "single", "关系图谱", "relation.tsx"),
  r("/report", "learning", "single", "学习报告", "report.tsx"),
  r("/share719", "campaigns", "single", "分享活动", "share719.tsx"),
  r("/springfestival", "campaigns", "single", "春节活动", "springfestival.tsx"),
  r("/starmalllandscape", "commerce", "single", "星商城", "starmall.tsx"),
  r("/studyplan", "learning", "single", "学习计划", "studyplan.tsx"),
  r("/studyrecord", "learning", "single", "学习记录", "studyrecord.tsx"),
  r("/subscribe", "accounts", "single", "订阅", "subscribe.tsx"),
  r("/survey", "learning", "single", "问卷", "survey.tsx"),
  r("/testentry", "learning", "single", "测试入口", "testentry.tsx"),
  r("/testopen", "learning", "single", "测试开放", "testopen.tsx"),
  r("/timebar", "map", "single", "时间轴", "timebar.tsx"),
  r("/timeColumn", "map", "single", "时间柱", "time-column.tsx"),
  r("/tvhelp", "shell", "single", "电视版帮助", "tvhelp.tsx"),
  r("/upgradepay", "commerce", "single", "升级支付", "upgradepay.tsx"),
  r("/watch", "media", "single", "观看", "watch.tsx"),
  r("/wenshireward", "campaigns", "single", "文史奖励", "wenshireward.tsx"),
  r("/wenshisong", "campaigns", "single", "文史歌曲", "wenshisong.tsx"),
  r("/womanday", "campaigns", "single", "妇女节活动", "campaign-day.tsx"),
  r("/words", "learning", "single", "字词", "words.tsx"),
  r("/workcollection", "campaigns", "single", "作品征集", "workcollection.tsx"),
  r("/wx", "accounts", "single", "微信", "wx.tsx"),
  r("/wxapphome", "shell", "single", "小程序首页", "wxapphome.tsx"),
  r("/younglive", "media", "single", "少儿直播", "younglive.tsx"),
  r("/zgf", "content", "single", "中国风", "zgf.tsx"),
  // Beyond spec §2: the search page every reader expects.
  r("/search", "content", "single", "搜索", "search.tsx"),
];

// Beyond spec §2: the community's composer, topic pages and moderation queue (issue 16).
const COMMUNITY_EXTRA: RouteSpec[] = [
  r("/community/send", "community", "sub", "发帖", "community-send.tsx"),
  r("/community/topic", "community", "sub", "话题", "community-topic.tsx"),
  r("/community/moderation", "community", "sub", "社区审核", "community-moderation.tsx"),
];

// Beyond spec §2: family trees (issue 17). The original's family pages live on another host;
// here a person's tree has its own path, and without a person the page lists the great houses.
const GRAPH_EXTRA: RouteSpec[] = [
  r("/relation/family/:id?", "graph", "param", "家族树", "family-tree.tsx"),
];

const AGREEMENTS: [string, string, string?][] = [
  ["personalInformationProtection", "个人信息保护政策", "agreement.tsx"],
  ["soundcopyright", "声音版权说明", "agreement.tsx"],
  ["soundcopyright/cc0", "声音版权说明（CC0）", "agreement-sound-licence.tsx"],
  ["soundcopyright/cc4", "声音版权说明（CC BY 4.0）", "agreement-sound-licence.tsx"],
  ["subscription", "订阅协议", "agreement.tsx"],
  ["thirdpartKnow", "第三方信息共享须知", "agreement.tsx"],
  ["thirdPartyInformation", "第三方信息共享清单", "agreement.tsx"],
  ["travelprivate", "出行隐私政策", "agreement.tsx"],
  ["traveluser", "出行用户协议", "agreement.tsx"],
  ["userInfo", "个人信息收集清单", "agreement-user-info.tsx"],
  ["userInfo/list", "个人信息收集清单", "agreement-user-info.tsx"],
  ["userInfo/download", "个人信息下载", "agreement-own-data.tsx"],
  ["userServices", "用户服务协议", "agreement.tsx"],
  ["userOwnInfo/*", "我的个人信息", "agreement-own-data.tsx"],
];

const SUB: [string, RouteArea, string, string?][] = [
  ["/aitest/home", "learning", "AI 测评", "aitest-home.tsx"],
  ["/aitest/result", "learning", "AI 测评结果", "aitest-result.tsx"],
  ["/audio/detail", "media", "音频详情", "audio-detail.tsx"],
  ["/buyvip/member", "commerce", "会员", "buyvip-member.tsx"],
  ["/buyvip/rights", "commerce", "会员权益", "buyvip-info.tsx"],
  ["/buyvip/qa", "commerce", "会员常见问题", "store-qa.tsx"],
  ["/buyvip/success", "commerce", "开通成功", "store-success.tsx"],
  ["/buyvip/content", "commerce", "会员内容", "buyvip-info.tsx"],
  ["/buyvip/agreement/pay", "agreements", "会员支付协议", "agreement.tsx"],
  ["/buyvip/agreement/service", "agreements", "会员服务协议", "agreement.tsx"],
  ["/community/detail", "community", "帖子详情", "community-detail.tsx"],
  ["/depthtest/exam", "learning", "测评答题", "depthtest-exam.tsx"],
  ["/depthtest/report", "learning", "测评报告", "depthtest-report.tsx"],
  ["/depthtest/state", "learning", "测评状态", "depthtest-state.tsx"],
  ["/donatebooks/booklist", "campaigns", "捐书书单", "donatebooks-booklist.tsx"],
  ["/exchange/order", "commerce", "兑换订单", "exchange-order.tsx"],
  ["/group/share", "community", "圈子分享", "group-share.tsx"],
  ["/home/abpath", "graph", "关系路径", "ab-path.tsx"],
  ["/home/historylist", "content", "历史列表", "home-historylist.tsx"],
  ["/home/more", "content", "更多", "home-more.tsx"],
  ["/home/museum", "map", "博物馆", "museum.tsx"],
  ["/home/national", "content", "国学", "home-national.tsx"],
  ["/home/relationalmap", "graph", "关系图谱", "relational-map.tsx"],
  ["/home/spacebar", "map", "空间轴", "home-spacebar.tsx"],
  ["/home/timemap", "map", "时空地图", "time-map.tsx"],
  ["/home/top", "content", "榜单", "home-top.tsx"],
  ["/knowledgepoint/detail", "learning", "知识点详情", "knowledgepoint-details.tsx"],
  ["/knowledgepoint/list", "learning", "知识点列表", "knowledgepoint-list.tsx"],
  ["/knowledgepoint/question", "learning", "知识点练习", "knowledgepoint-question.tsx"],
  ["/knowledgepoint/share", "learning", "知识点分享", "knowledgepoint-share.tsx"],
  ["/knowledgepoint/wechatqrcode/banxue", "learning", "伴学群", "knowledgepoint-wechatqr.tsx"],
  ["/knowledgepoint/wechatqrcode/qzs", "learning", "群助手", "knowledgepoint-wechatqr.tsx"],
  ["/knowledgepoint/wechatqrcode/sale", "learning", "课程咨询", "knowledgepoint-wechatqr.tsx"],
  ["/knowledgepoint/productlist", "learning", "知识点课程", "knowledgepoint-productlist.tsx"],
  ["/ladderanniversary/hint", "campaigns", "周年提示", "ladder-anniversary-hint.tsx"],
  ["/ladderanniversary/result", "campaigns", "周年结果", "ladder-anniversary-result.tsx"],
  [
    "/ladderanniversary/resultothers",
    "campaigns",
    "好友结果",
    "ladder-anniversary-resultothers.tsx",
  ],
  ["/ladderanniversary/swiper", "campaigns", "周年回顾", "ladder-anniversary-swiper.tsx"],
  ["/ladderanniversary1/hint", "campaigns", "周年提示", "ladder-anniversary-hint.tsx"],
  ["/ladderanniversary1/result", "campaigns", "周年结果", "ladder-anniversary-result.tsx"],
  [
    "/ladderanniversary1/resultothers",
    "campaigns",
    "好友结果",
    "ladder-anniversary-resultothers.tsx",
  ],
  ["/ladderanniversary1/swiper", "campaigns", "周年回顾", "ladder-anniversary-swiper.tsx"],
  ["/ladderchallenge/gift", "learning", "挑战礼物", "challenge-gift.tsx"],
  ["/ladderchallenge/question", "learning", "挑战答题", "challenge-question.tsx"],
  ["/ladderchallenge/ranking", "learning", "挑战排行", "challenge-ranking.tsx"],
  ["/ladderchallenge/result", "learning", "挑战结果", "challenge-result.tsx"],
  ["/wenshichallenge/gift", "learning", "文史挑战礼物", "challenge-gift.tsx"],
  ["/wenshichallenge/question", "learning", "文史挑战答题", "challenge-question.tsx"],
  ["/wenshichallenge/ranking", "learning", "文史挑战排行", "challenge-ranking.tsx"],
  ["/wenshichallenge/result", "learning", "文史挑战结果", "challenge-result.tsx"],
  ["/wenshianswer/gift", "learning", "文史答题礼物", "challenge-gift.tsx"],
  ["/wenshianswer/question", "learning", "文史答题", "challenge-question.tsx"],
  ["/wenshianswer/ranking", "learning", "文史答题排行", "challenge-ranking.tsx"],
  ["/wenshianswer/result", "learning", "文史答题结果", "challenge-result.tsx"],
  ["/learnrecord/assesslist", "learning", "测评列表", "learnrecord-assesslist.tsx"],
  ["/learnrecord/assessresult", "learning", "测评结果", "learnrecord-assessresult.tsx"],
  ["/learnrecord/ladderlist", "learning", "天梯记录", "learnrecord-ladderlist.tsx"],
  ["/learnrecord/phone", "learning", "绑定手机", "learnrecord-phone.tsx"],
  ["/learnrecord/practicedetail", "learning", "练习详情", "learnrecord-practicedetail.tsx"],
  ["/learnrecord/practicelist", "learning", "练习列表", "learnrecord-practicelist.tsx"],
  ["/learnrecord/question", "learning", "题目", "learnrecord-question.tsx"],
  ["/learnrecord/questionlist", "learning", "题目列表", "learnrecord-questionlist.tsx"],
  ["/learnrecord/waiting", "learning", "等待中", "learnrecord-waiting.tsx"],
  ["/learnrecord/noauth", "learning", "无权限", "learnrecord-noauth.tsx"],
  ["/learnrecord/empty", "learning", "暂无记录", "learnrecord-empty.tsx"],
  ["/learnrecord/null", "learning", "暂无记录", "learnrecord-null.tsx"],
  ["/love/detail", "campaigns", "投票详情", "vote-detail.tsx"],
  ["/love/voterule", "campaigns", "投票规则", "vote-rules.tsx"],
  ["/my/list", "accounts", "我的列表", "my-list.tsx"],
  ["/my/top", "accounts", "我的阅读榜", "my-top.tsx"],
  ["/music/billboard", "media", "音乐榜单", "music-billboard.tsx"],
  ["/music/singer", "media", "歌手", "music-singer.tsx"],
  ["/music/list-view", "media", "歌单", "music-list-view.tsx"],
  ["/ncov/pasteventlist", "content", "往事列表", "ncov-pasteventlist.tsx"],
  ["/order/detail", "commerce", "订单详情", "orders.tsx"],
  ["/panorama/exchange", "map", "全景兑换", "panorama-exchange.tsx"],
  ["/panorama/popups", "map", "全景弹窗", "panorama-popups.tsx"],
  ["/panorama/preface", "map", "全景序言", "panorama-preface.tsx"],
  ["/panorama/people", "map", "全景人物", "panorama-people.tsx"],
  ["/panorama/book", "map", "全景书籍", "panorama-book.tsx"],
  ["/panorama/server", "map", "全景服务", "panorama-server.tsx"],
  ["/panorama2022/exchange", "map", "全景兑换", "panorama-exchange.tsx"],
  ["/panorama2022/popups", "map", "全景弹窗", "panorama-popups.tsx"],
  ["/panorama2022/preface", "map", "全景序言", "panorama-preface.tsx"],
  ["/panorama2022/people", "map", "全景人物", "panorama-people.tsx"],
  ["/panorama2022/book", "map", "全景书籍", "panorama-book.tsx"],
  ["/panorama2022/server", "map", "全景服务", "panorama-server.tsx"],
  ["/productDetail/ladder", "commerce", "天梯课程", "product-course.tsx"],
  ["/productDetail/card", "commerce", "学习卡", "product-card.tsx"],
  ["/productDetail/wenshi/:id", "commerce", "文史课程", "product-course.tsx"],
  ["/quiz/2021", "campaigns", "2021 答题", "quiz.tsx"],
  ["/quiz/2021/ranklist", "campaigns", "2021 答题排行", "quiz-ranklist.tsx"],
  ["/quiz/2021/share", "campaigns", "2021 答题分享", "quiz-share.tsx"],
  ["/quiz/2024", "campaigns", "2024 答题", "quiz.tsx"],
  ["/quiz/2024/ranklist", "campaigns", "2024 答题排行", "quiz-ranklist.tsx"],
  ["/quiz/2024/share", "campaigns", "2024 答题分享", "quiz-share.tsx"],
  ["/readbook/address", "media", "收货地址", "readbook-address.tsx"],
  ["/readbook/upload", "media", "上传", "readbook-upload.tsx"],
  ["/recharge/qa", "commerce", "充值常见问题", "store-qa.tsx"],
  ["/sales/1", "commerce", "特惠一", "discount.tsx"],
  ["/sales/2", "commerce", "特惠二", "discount.tsx"],
  // `/sharegetgift` itself is the optional-id form of `/sharegetgift/:id?` below.
  ["/signin/reissue", "learning", "补签", "signin-reissue.tsx"],
  ["/signin/reissue-card", "learning", "补签卡", "signin-reissue-card.tsx"],
  ["/springfestival/2023", "campaigns", "2023 春节", "springfestival-2023.tsx"],
  ["/springfestival/friendslist", "campaigns", "好友列表", "springfestival-friendslist.tsx"],
  ["/springfestival/share", "campaigns", "春节分享", "springfestival-share.tsx"],
  ["/study/ranking", "learning", "学习排行", "study-ranking.tsx"],
  ["/studyrecord/alarms", "learning", "学习提醒", "studyrecord-alarms.tsx"],
  ["/studyrecord/charts", "learning", "学习图表", "studyrecord-charts.tsx"],
  ["/studyrecord/ladderlist", "learning", "天梯记录", "studyrecord-ladderlist.tsx"],
  ["/studyrecord/mock", "learning", "模拟测试", "studyrecord-mock.tsx"],
  ["/studyrecord/result", "learning", "学习结果", "studyrecord-result.tsx"],
  ["/studyrecord/statistics", "learning", "学习统计", "studyrecord-statistics.tsx"],
  ["/studyrecord/studydetail", "learning", "学习详情", "studyrecord-studydetail.tsx"],
  ["/survey/ladder", "learning", "天梯问卷", "survey-ladder.tsx"],
  ["/timebar/share", "map", "时间轴分享", "timebar-share.tsx"],
  ["/upgradepay/alipay", "commerce", "支付宝支付", "upgradepay-alipay.tsx"],
  ["/upgradepay/order", "commerce", "升级订单", "upgradepay-order.tsx"],
  ["/upgradepay/success", "commerce", "升级成功", "store-success.tsx"],
  ["/wenshireward/data", "campaigns", "奖励数据", "wenshireward-data.tsx"],
  ["/wenshireward/detail", "campaigns", "奖励详情", "wenshireward-detail.tsx"],
  ["/wenshireward/rule", "campaigns", "奖励规则", "wenshireward-rule.tsx"],
  ["/wenshireward/share", "campaigns", "奖励分享", "wenshireward-share.tsx"],
  ["/wenshisong/detail", "campaigns", "歌曲详情", "vote-detail.tsx"],
  ["/wenshisong/rule", "campaigns", "活动规则", "vote-rules.tsx"],
  ["/wenshisong/vote", "campaigns", "投票", "vote-board.tsx"],
  ["/wenshisong/voterule", "campaigns", "投票规则", "vote-rules.tsx"],
  ["/workcollection/detail", "campaigns", "作品详情", "workcollection-detail.tsx"],
  ["/workcollection/dialog", "campaigns", "作品对话", "workcollection-dialog.tsx"],
];

const PARAM: [string, RouteArea, string, string?][] = [
  ["/ah/arthistory/:id?", "content", "艺术史", "article.tsx"],
  ["/ah/article/:id?", "content", "文章", "article.tsx"],
  ["/ah/bigevent", "content", "大事件", "article.tsx"],
  ["/ah/ladderarticle", "learning", "天梯文章", "ladder-article.tsx"],
  ["/ah/ladderarticledetail", "learning", "天梯文章详情", "ladder-article-detail.tsx"],
  ["/ah/technology", "content", "科技史", "article.tsx"],
  ["/ah/war", "content", "战争", "article.tsx"],
  ["/ah/worldhistory", "content", "世界史", "article.tsx"],
  ["/article/new", "content", "新文章", "article.tsx"],
  ["/article/spider", "content", "文章", "article.tsx"],
  ["/article/timebar", "content", "时间轴文章", "article.tsx"],
  ["/coupon/list/:id?", "commerce", "优惠券列表", "coupon-list.tsx"],
  ["/discount/list/:id?", "commerce", "折扣列表", "discount.tsx"],
  ["/donatebooks/share", "campaigns", "捐书分享", "donatebooks-share.tsx"],
  ["/group/entry", "community", "圈子入口", "group-entry.tsx"],
  ["/group/total", "community", "全部圈子", "group-total.tsx"],
  ["/harmony/article", "content", "文章", "article.tsx"],
  ["/historicalsite/detail", "map", "历史遗址", "historical-site.tsx"],
  ["/knowledgepoint/details/:id?", "learning", "知识点详情", "knowledgepoint-details.tsx"],
  ["/knowledgepoint/details/list/:id?", "learning", "知识点列表", "knowledgepoint-list.tsx"],
  ["/ladder/list", "learning", "天梯列表", "ladder-list.tsx"],
  ["/music/boarddetail", "media", "音乐榜", "music-boarddetail.tsx"],
  ["/music/landing", "media", "中国音乐", "music-landing.tsx"],
  ["/productDetail/wenshi", "commerce", "文史课程", "product-course.tsx"],
  ["/relationedit/detail", "graph", "关系详情", "relation-edit-detail.tsx"],
  ["/wenshiladder/pointslist", "learning", "积分列表", "ladder-points.tsx"],
  ["/wenshiladder/pointslistnew", "learning", "积分列表", "ladder-points.tsx"],
  ["/artbillboard/:id?", "media", "艺术榜单", "art-billboard.tsx"],
  ["/artist/:id?", "media", "画家", "artist.tsx"],
  ["/coupon/:id?", "commerce", "优惠券", "coupon.tsx"],
  ["/detail/:id?", "content", "词条", "detail.tsx"],
  ["/discount/:id?", "commerce", "折扣", "discount.tsx"],
  ["/minidetail/:id?", "content", "词条", "minidetail.tsx"],
  ["/order/:id?", "commerce", "订单", "orders.tsx"],
  ["/paintbillboard/:id?", "media", "名画榜", "paint-billboard.tsx"],
  ["/painting/:id?", "media", "名画", "painting.tsx"],
  ["/sharegetgift/:id?", "campaigns", "分享领礼", "sharegetgift.tsx"],
  ["/summarize/:id?", "content", "总结", "article.tsx"],
  ["/timeline/:id?", "graph", "时间线", "timeline.tsx"],
  ["/wenshiladder/:id?", "learning", "文史天梯", "ladder.tsx"],
  ["/youngladder/:id?", "learning", "少儿天梯", "ladder.tsx"],
];

const CATCH_ALL: [string, RouteArea, string, string?][] = [
  ["/book/*", "media", "书籍", "book.tsx"],
  ["/book/list/*", "media", "书单", "book-list.tsx"],
  ["/map/detail/*", "map", "地图详情", "map-detail.tsx"],
  ["/datapage/detail/*", "content", "数据页", "datapage.tsx"],
  ["/newsladder/*", "learning", "新闻天梯", "ladder.tsx"],
  ["/ladder/*", "learning", "天梯", "ladder.tsx"],
  ["/paintingsort/*", "media", "名画分类", "painting-sort.tsx"],
  ["/relationedit/edit/*", "graph", "编辑关系", "relation-edit.tsx"],
  ["/productDetail/card/*", "commerce", "学习卡", "product-card.tsx"],
  ["/knowledgepoint/product/*", "learning", "知识点课程", "knowledgepoint-product.tsx"],
  ["/knowledgepoint/chips/*", "learning", "知识碎片", "knowledgepoint-chips.tsx"],
  ["/wenshilivedetail/*", "media", "文史直播", "live-detail.tsx"],
  ["/wenshichallenge/*", "learning", "文史挑战", "challenge-landing.tsx"],
  ["/wenshianswer/*", "learning", "文史答题", "challenge-landing.tsx"],
  ["/ladderchallenge/*", "learning", "天梯挑战", "challenge-landing.tsx"],
];

export const ROUTE_MANIFEST: readonly RouteSpec[] = [
  ...SINGLE,
  ...AGREEMENTS.map(([p, title, module]) =>
    r(`/agreement/${p}`, "agreements", "agreement", title, module),
  ),
  ...SUB.map(([p, area, title, module]) => r(p, area, "sub", title, module)),
  ...PARAM.map(([p, area, title, module]) => r(p, area, "param", title, module)),
  ...CATCH_ALL.map(([p, area, title, module]) => r(p, area, "catch-all", title, module)),
  ...COMMUNITY_EXTRA,
  ...GRAPH_EXTRA,
];

/** Route paths of built screens, with the module that renders them. */
export function builtRoutes(manifest: readonly RouteSpec[] = ROUTE_MANIFEST) {
  return manifest.filter((route) => route.module !== undefined);
}

export { routeId };

/** A concrete URL that the pattern matches, for tests and reports. */
export function sampleUrl(path: string): string {
  return path
    .replace(/\/:id\?/, "")
    .replace(/:id/, "000000000000000000000000")
    .replace(/\*$/, "sample");
}
