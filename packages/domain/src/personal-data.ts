/**
 * The personal information the product keeps (decision 40): every table that holds a reader's
 * data, keyed by which of its columns name the reader, what it keeps and why, where it is used,
 * how long it is kept and what happens to it when the account is deleted. One list drives the
 * collection list (/agreement/userInfo/list), the export (/agreement/userOwnInfo) and the
 * deletion; a database test holds it to the schema (personal-data.db-test.ts).
 */
export type PersonalDataCategory =
  | "账号与登录"
  | "互动与社区"
  | "阅读与收藏"
  | "学习记录"
  | "订单与权益"
  | "活动与提醒"
  | "协议与授权";

export const PERSONAL_DATA_CATEGORIES: readonly PersonalDataCategory[] = [
  "账号与登录",
  "互动与社区",
  "阅读与收藏",
  "学习记录",
  "订单与权益",
  "活动与提醒",
  "协议与授权",
];

/**
 * - delete: the reader's rows go.
 * - anonymise: the rows stay for a duty the law sets (交易记录), but no longer name the reader:
 *   owner columns get an id that matches no account and `clearColumns` are emptied.
 */
export type OnAccountDeletion = "delete" | "anonymise";

export interface PersonalDataSet {
  table: string;
  /** Columns that hold the reader's account or visitor id (any of them marks a row as theirs). */
  ownerColumns: readonly string[];
  /** Other columns that hold personal information (a phone, an address, an IP). */
  personalColumns?: readonly string[];
  /** Columns never exported (hashes of secrets). */
  secretColumns?: readonly string[];
  category: PersonalDataCategory;
  /** What is kept, in words. */
  what: string;
  purpose: string;
  /** Where the product uses it. */
  usedIn: string;
  retention: string;
  onDeletion: OnAccountDeletion;
  /** For `anonymise`: columns emptied (set to null). */
  clearColumns?: readonly string[];
  /** For `anonymise` of a nullable owner column: set it to null rather than to a stand-in id. */
  nullOwner?: boolean;
}

const UNTIL_DELETED = "保存至你删除该记录或注销账号";

export const PERSONAL_DATA: readonly PersonalDataSet[] = [
  {
    table: "account",
    ownerColumns: ["id"],
    personalColumns: ["phone", "name", "avatar", "app_user_id"],
    secretColumns: ["password_hash"],
    category: "账号与登录",
    what: "手机号、昵称、头像、密码（仅保存不可逆的加盐哈希）、App 用户标识",
    purpose: "创建并识别你的账号，登录与找回密码",
    usedIn: "登录、我的、社区署名、订单",
    retention: "保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "visitor",
    ownerColumns: ["id", "account_id"],
    personalColumns: ["wx_open_id", "wx_union_id", "wx_name", "wx_avatar"],
    category: "账号与登录",
    what: "微信 OpenID、UnionID、微信昵称与头像",
    purpose: "在微信中识别你，免注册登录",
    usedIn: "微信内登录、分享、订阅消息",
    retention: "保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "auth_session",
    ownerColumns: ["account_id", "visitor_id"],
    personalColumns: ["user_agent", "address"],
    secretColumns: ["token_hash"],
    category: "账号与登录",
    what: "登录设备的浏览器标识、IP 地址、登录与最近使用时间",
    purpose: "保持登录状态，让你查看并下线其他设备，发现异常登录",
    usedIn: "登录 → 登录设备",
    retention: "最长 14 日未使用即失效删除；退出登录时立即删除",
    onDeletion: "delete",
  },
  {
    table: "agreement_acceptance",
    ownerColumns: ["owner_id"],
    category: "协议与授权",
    what: "你同意的协议名称、版本、时间与场景（登录、下单）",
    purpose: "证明你同意了哪一版协议；协议更新时请你重新确认",
    usedIn: "登录、下单、协议更新提示",
    retention: "保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "like_record",
    ownerColumns: ["user_id"],
    category: "互动与社区",
    what: "你点赞的词条、文章等及点赞时间",
    purpose: "记住你的点赞，统计点赞数",
    usedIn: "词条、文章、我的点赞",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "follow",
    ownerColumns: ["follower_id", "followee_id"],
    category: "互动与社区",
    what: "你关注的读者、关注你的读者及关注时间",
    purpose: "展示关注与粉丝，推送关注的动态",
    usedIn: "我的关注、读者主页",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "circle_member",
    ownerColumns: ["account_id"],
    category: "互动与社区",
    what: "你加入的圈子及加入时间",
    purpose: "展示你的圈子，统计成员数",
    usedIn: "社区",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "post",
    ownerColumns: ["author_id"],
    category: "互动与社区",
    what: "你发布的帖子正文、图片与发布时间",
    purpose: "发布并展示你的帖子",
    usedIn: "社区、我的帖子",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "post_comment",
    ownerColumns: ["author_id"],
    category: "互动与社区",
    what: "你发表的评论及时间",
    purpose: "发表并展示你的评论",
    usedIn: "帖子详情",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "post_like",
    ownerColumns: ["account_id"],
    category: "互动与社区",
    what: "你点赞的帖子及时间",
    purpose: "记住你的点赞，统计点赞数",
    usedIn: "社区",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "post_report",
    ownerColumns: ["reporter_id"],
    category: "互动与社区",
    what: "你举报的帖子、理由与说明",
    purpose: "处理违规内容，防止重复举报",
    usedIn: "社区举报",
    retention: "处理完毕后保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "upload",
    ownerColumns: ["owner_id"],
    category: "互动与社区",
    what: "你上传的图片（重新编码后的文件）及尺寸、大小",
    purpose: "在帖子中展示你的图片",
    usedIn: "社区发帖",
    retention: "随所属帖子删除；未发出的图片保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "entry_note",
    ownerColumns: ["owner_id"],
    category: "互动与社区",
    what: "你在词条下写的短评及时间",
    purpose: "发布并展示你的短评",
    usedIn: "词条短评（/words）",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "entry_note_like",
    ownerColumns: ["owner_id"],
    category: "互动与社区",
    what: "你点赞的短评",
    purpose: "记住你的点赞，统计点赞数",
    usedIn: "词条短评",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "entry_note_report",
    ownerColumns: ["owner_id"],
    category: "互动与社区",
    what: "你举报的短评及理由",
    purpose: "处理违规内容",
    usedIn: "词条短评",
    retention: "保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "reading_history",
    ownerColumns: ["owner_id"],
    category: "阅读与收藏",
    what: "你读过的词条与文章、次数与时间",
    purpose: "在“我的”中列出阅读历史，跨设备同步",
    usedIn: "我的 → 浏览历史",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "saved_item",
    ownerColumns: ["owner_id"],
    category: "阅读与收藏",
    what: "你收藏的路径、关系图等",
    purpose: "保存并展示你的收藏",
    usedIn: "我的收藏",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "ab_path_save",
    ownerColumns: ["owner_id"],
    category: "阅读与收藏",
    what: "你保存的人物关系路径",
    purpose: "再次查看与分享你找到的路径",
    usedIn: "人物关系路径",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "custom_graph",
    ownerColumns: ["owner_id"],
    category: "阅读与收藏",
    what: "你编辑的关系图（标题、说明、节点与连线）",
    purpose: "保存并展示你编辑的关系图",
    usedIn: "编辑关系",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "reading_progress",
    ownerColumns: ["owner_id"],
    category: "阅读与收藏",
    what: "每本书读到的位置",
    purpose: "下次从上次的位置继续读",
    usedIn: "书籍阅读器",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "book_bookmark",
    ownerColumns: ["owner_id"],
    category: "阅读与收藏",
    what: "你的书签及摘录",
    purpose: "保存并展示书签",
    usedIn: "书籍阅读器",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "reading_note",
    ownerColumns: ["owner_id"],
    category: "阅读与收藏",
    what: "你的读书笔记与配图",
    purpose: "保存并展示读书笔记",
    usedIn: "读书活动",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "video_progress",
    ownerColumns: ["owner_id"],
    category: "阅读与收藏",
    what: "每个视频看到的位置",
    purpose: "下次从上次的位置继续看",
    usedIn: "视频",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "audio_upload",
    ownerColumns: ["owner_id"],
    category: "阅读与收藏",
    what: "你上传的录音（文件、标题、时长）",
    purpose: "保存并播放你的录音",
    usedIn: "上传音频",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "panorama_unlock",
    ownerColumns: ["owner_id"],
    category: "阅读与收藏",
    what: "你用兑换码解锁的全景",
    purpose: "记住已解锁的全景",
    usedIn: "全景",
    retention: "保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "panorama_exchange_code",
    ownerColumns: ["redeemed_by"],
    category: "阅读与收藏",
    what: "你兑换过的全景兑换码（只存哈希）与兑换时间",
    purpose: "防止兑换码重复使用",
    usedIn: "全景兑换",
    retention: "兑换码长期保留；注销后不再指向你",
    onDeletion: "anonymise",
    nullOwner: true,
  },
  {
    table: "study_clockin",
    ownerColumns: ["owner_id"],
    category: "学习记录",
    what: "每日打卡的日期与类型",
    purpose: "统计连续打卡，发放补卡",
    usedIn: "每日打卡、学习记录",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "study_card",
    ownerColumns: ["owner_id"],
    category: "学习记录",
    what: "补卡的获得与使用记录",
    purpose: "计算可用补卡数",
    usedIn: "每日打卡",
    retention: "保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "study_reminder",
    ownerColumns: ["owner_id"],
    category: "学习记录",
    what: "你设置的学习提醒时间与星期",
    purpose: "按你的设置提醒学习",
    usedIn: "学习提醒",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "study_plan",
    ownerColumns: ["owner_id"],
    category: "学习记录",
    what: "你的学习计划（每周关卡数、每日分钟数）",
    purpose: "按计划展示进度",
    usedIn: "学习记录",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "study_bind_code",
    ownerColumns: ["owner_id"],
    category: "学习记录",
    what: "你生成的家长绑定码及关系",
    purpose: "让家长绑定并查看你的学习",
    usedIn: "绑定学习",
    retention: "过期即失效；最长保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "study_binding",
    ownerColumns: ["guardian_id", "learner_id"],
    category: "学习记录",
    what: "家长与孩子的绑定关系",
    purpose: "让家长查看孩子的学习记录",
    usedIn: "绑定学习、学习记录",
    retention: "保存至任一方解除绑定或注销账号",
    onDeletion: "delete",
  },
  {
    table: "survey_answer",
    ownerColumns: ["owner_id"],
    category: "学习记录",
    what: "你填写的学习问卷（如年级、兴趣）",
    purpose: "推荐适合的学习内容",
    usedIn: "学习问卷",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "study_mock",
    ownerColumns: ["owner_id"],
    category: "学习记录",
    what: "模拟测验的题目、成绩与结果",
    purpose: "展示测验结果与进步",
    usedIn: "学习记录",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "learning_activity",
    ownerColumns: ["owner_id"],
    category: "学习记录",
    what: "每日学习活动：答题数、正确数、用时",
    purpose: "统计学习时长与排行",
    usedIn: "学习记录、排行",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "learning_point_mastery",
    ownerColumns: ["owner_id"],
    category: "学习记录",
    what: "各知识点的答题与掌握情况",
    purpose: "推荐复习与练习",
    usedIn: "知识点、学习记录",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "challenge_round",
    ownerColumns: ["owner_id"],
    category: "学习记录",
    what: "挑战赛的每一局：题目、得分、用时（含每题作答）",
    purpose: "计分、排行与复盘",
    usedIn: "文史挑战、天梯挑战",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "challenge_reward",
    ownerColumns: ["owner_id"],
    category: "学习记录",
    what: "挑战赛奖励的获得与领取",
    purpose: "发放奖励",
    usedIn: "文史挑战",
    retention: "保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "sorted_set_member",
    ownerColumns: ["member"],
    category: "学习记录",
    what: "排行榜上你的分数",
    purpose: "展示周榜、月榜",
    usedIn: "排行",
    retention: "日榜、周榜在周期结束一周后删除；总榜保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "depth_test",
    ownerColumns: ["owner_id"],
    category: "学习记录",
    what: "深度测评的题目、作答、得分与报告",
    purpose: "生成测评报告",
    usedIn: "深度测评、AI 测评",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "ladder_progress",
    ownerColumns: ["owner_id"],
    category: "学习记录",
    what: "天梯每关的最好成绩与是否通过",
    purpose: "解锁下一关，展示进度",
    usedIn: "天梯",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "ladder_points",
    ownerColumns: ["owner_id"],
    category: "学习记录",
    what: "天梯积分的获得记录",
    purpose: "计算积分",
    usedIn: "天梯",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "learning_practice",
    ownerColumns: ["owner_id"],
    category: "学习记录",
    what: "练习的题目与成绩",
    purpose: "展示练习结果",
    usedIn: "知识点练习",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "learning_answer",
    ownerColumns: ["owner_id"],
    category: "学习记录",
    what: "练习中每题的作答与对错",
    purpose: "复盘与错题复习",
    usedIn: "知识点练习、错题本",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "review_card",
    ownerColumns: ["owner_id"],
    category: "学习记录",
    what: "错题复习卡片与下次复习时间",
    purpose: "按遗忘规律安排复习",
    usedIn: "错题复习",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "orders",
    ownerColumns: ["account_id"],
    personalColumns: ["address", "client_ip", "return_path"],
    category: "订单与权益",
    what: "订单的商品、金额、支付方式与状态，实物商品的收货地址，下单设备的 IP 地址",
    purpose: "完成交易、发货、退款与对账",
    usedIn: "开通会员、商品购买、我的订单",
    retention:
      "自交易完成之日起保存三年（《电子商务法》第三十一条）；注销后订单不再指向你，收货地址与 IP 地址随即清除",
    onDeletion: "anonymise",
    clearColumns: ["address", "client_ip", "return_path"],
  },
  {
    table: "entitlement",
    ownerColumns: ["account_id"],
    category: "订单与权益",
    what: "会员、课程、次卡等权益及有效期",
    purpose: "判断你能使用哪些内容",
    usedIn: "会员、课程、天梯",
    retention: "保存至你注销账号（注销即放弃未到期权益）",
    onDeletion: "delete",
  },
  {
    table: "coupon_grant",
    ownerColumns: ["account_id"],
    category: "订单与权益",
    what: "你领取的优惠券及使用情况",
    purpose: "下单时抵扣",
    usedIn: "优惠券、下单",
    retention: "保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "coupon_claim_tally",
    ownerColumns: ["account_id"],
    category: "订单与权益",
    what: "每种优惠券的领取次数",
    purpose: "执行每人限领",
    usedIn: "领券",
    retention: "保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "exchange_code",
    ownerColumns: ["redeemed_by"],
    category: "订单与权益",
    what: "你兑换过的兑换码（只存哈希）与时间",
    purpose: "防止兑换码重复使用",
    usedIn: "兑换码",
    retention: "兑换码长期保留；注销后不再指向你",
    onDeletion: "anonymise",
    nullOwner: true,
  },
  {
    table: "gift",
    ownerColumns: ["giver_id"],
    category: "订单与权益",
    what: "你分享的礼物及领取进度",
    purpose: "让好友领取你分享的礼物",
    usedIn: "赠礼",
    retention: "与所生成的订单一同保存三年；注销后不再指向你",
    onDeletion: "anonymise",
  },
  {
    table: "gift_claim",
    ownerColumns: ["account_id"],
    category: "订单与权益",
    what: "你领取的礼物",
    purpose: "防止重复领取",
    usedIn: "赠礼",
    retention: "与所生成的订单一同保存三年；注销后不再指向你",
    onDeletion: "anonymise",
  },
  {
    table: "store_notice",
    ownerColumns: ["owner_id"],
    category: "订单与权益",
    what: "已向你发送的订单、会员到期提醒",
    purpose: "同一提醒只发一次",
    usedIn: "订阅消息",
    retention: "保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "reading_challenge",
    ownerColumns: ["owner_id"],
    personalColumns: ["address"],
    category: "活动与提醒",
    what: "读书挑战的报名时间与你填写的奖品邮寄地址",
    purpose: "参加读书挑战并寄送奖品",
    usedIn: "读书活动",
    retention: "活动结束并寄出奖品后保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "donation_pledge",
    ownerColumns: ["owner_id"],
    category: "活动与提醒",
    what: "捐书活动中你的认捐与阅读时长",
    purpose: "统计活动进度",
    usedIn: "捐书活动",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "draw_day",
    ownerColumns: ["account_id"],
    category: "活动与提醒",
    what: "每日抽奖次数",
    purpose: "执行每日限抽",
    usedIn: "抽奖特惠",
    retention: "保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "draw_record",
    ownerColumns: ["account_id"],
    category: "活动与提醒",
    what: "每次抽奖的结果与所得",
    purpose: "公示中奖结果，发放所得",
    usedIn: "抽奖特惠",
    retention: "保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "live_reminder",
    ownerColumns: ["owner_id"],
    category: "活动与提醒",
    what: "你预约提醒的直播，提醒是否已发出（微信订阅消息或站内提醒）、发送失败的次数，以及你是否已看过站内提醒",
    purpose: "开播前提醒你，每场只提醒一次",
    usedIn: "直播",
    retention: "直播结束后保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "subscription",
    ownerColumns: ["owner_id"],
    category: "活动与提醒",
    what: "你订阅的话题",
    purpose: "推送订阅内容",
    usedIn: "订阅",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "wecom_contact",
    ownerColumns: ["owner_id"],
    personalColumns: ["external_user_id", "name"],
    category: "活动与提醒",
    what: "你添加客服企业微信后的外部联系人标识与名称",
    purpose: "客服答复你的咨询",
    usedIn: "添加客服",
    retention: "保存至你删除客服或注销账号",
    onDeletion: "delete",
  },
  {
    table: "campaign_action",
    ownerColumns: ["owner_id"],
    category: "活动与提醒",
    what: "你在各项活动中的每次参与（求签、投票、答题、贺卡、投稿、分享解锁等）与参与时的设备标识（仅存散列）",
    purpose: "执行每日与每人的参与次数限制，显示你的参与记录",
    usedIn: "活动",
    retention: "活动结束后保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "campaign_quota",
    ownerColumns: ["who"],
    category: "活动与提醒",
    what: "你在各项活动中已用的参与次数",
    purpose: "执行参与次数限制",
    usedIn: "活动",
    retention: "活动结束后保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "campaign_grant",
    ownerColumns: ["owner_id"],
    personalColumns: ["identity"],
    category: "活动与提醒",
    what: "活动发给你的奖励与徽章，以及据以“每人一份”的账号、手机号或微信标识",
    purpose: "发放奖励且每人只发一次",
    usedIn: "活动奖励、我的",
    retention: "保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "campaign_invite",
    ownerColumns: ["invitee_id", "inviter_id"],
    category: "活动与提醒",
    what: "你通过谁的链接参加了活动、你邀请了哪些好友",
    purpose: "统计邀请与有效好友，发放邀请奖励",
    usedIn: "春节邀请等活动",
    retention: "活动结束后保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "campaign_score",
    ownerColumns: ["owner_id"],
    category: "活动与提醒",
    what: "你在活动排行榜上的成绩",
    purpose: "排行榜",
    usedIn: "答题、邀请、作品等排行",
    retention: "活动结束后保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "campaign_share",
    ownerColumns: ["owner_id"],
    category: "活动与提醒",
    what: "你分享活动的时间与链接",
    purpose: "统计分享、分享解锁",
    usedIn: "活动分享",
    retention: "保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "greeting_card",
    ownerColumns: ["owner_id"],
    personalColumns: ["to_name", "from_name", "message"],
    category: "活动与提醒",
    what: "你制作的贺卡：收卡人、署名与祝福语",
    purpose: "生成贺卡图片，供你和收到链接的人查看",
    usedIn: "贺卡",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "quiz_round",
    ownerColumns: ["owner_id"],
    category: "学习记录",
    what: "你每轮答题的题目、用时与得分（每题作答见于同一轮）",
    purpose: "判分、排行与回顾",
    usedIn: "答题活动",
    retention: "保存至你注销账号",
    onDeletion: "delete",
  },
  {
    table: "vote_ballot",
    ownerColumns: ["owner_id"],
    category: "活动与提醒",
    what: "你每天投给了哪些候选（票数总计不含你是谁）",
    purpose: "执行每日投票限制",
    usedIn: "投票活动",
    retention: "活动结束后保存至你注销账号；注销后已计入的票数保留，但不再与你关联",
    onDeletion: "delete",
  },
  {
    table: "campaign_work",
    ownerColumns: ["author_id"],
    category: "互动与社区",
    what: "你投稿的作品：标题、正文与审核状态",
    purpose: "展示与评选作品",
    usedIn: "文史奖励、作品征集",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "campaign_work_image",
    ownerColumns: ["owner_id"],
    category: "互动与社区",
    what: "你为投稿上传的图片（已去除拍摄信息）",
    purpose: "展示作品",
    usedIn: "文史奖励、作品征集",
    retention: UNTIL_DELETED,
    onDeletion: "delete",
  },
  {
    table: "campaign_work_like",
    ownerColumns: ["owner_id"],
    category: "互动与社区",
    what: "你给哪些作品点了赞",
    purpose: "每人每件作品只计一次赞",
    usedIn: "文史奖励、作品征集",
    retention: "保存至你注销账号；注销后已计入的赞数保留，但不再与你关联",
    onDeletion: "delete",
  },
  {
    table: "campaign_work_award",
    ownerColumns: ["owner_id"],
    category: "活动与提醒",
    what: "你的作品获得的名次与奖励",
    purpose: "公示获奖作品、发放奖励",
    usedIn: "文史奖励、作品征集",
    retention: "保存至你注销账号",
    onDeletion: "delete",
  },
];

/**
 * Rows that belong to something of the reader's without naming the reader (a round's answers),
 * or others' rows on it (comments on the reader's post): they go when their parent goes.
 * Exported only where `exported` (others' comments are theirs, not the reader's).
 */
export interface PersonalDataChild {
  table: string;
  column: string;
  parent: string;
  parentKey: string;
  exported: boolean;
}

export const PERSONAL_DATA_CHILDREN: readonly PersonalDataChild[] = [
  {
    table: "challenge_answer",
    column: "round_id",
    parent: "challenge_round",
    parentKey: "id",
    exported: true,
  },
  {
    table: "depth_test_answer",
    column: "test_id",
    parent: "depth_test",
    parentKey: "id",
    exported: true,
  },
  { table: "post_topic", column: "post_id", parent: "post", parentKey: "id", exported: true },
  { table: "post_comment", column: "post_id", parent: "post", parentKey: "id", exported: false },
  { table: "post_like", column: "post_id", parent: "post", parentKey: "id", exported: false },
  { table: "post_report", column: "post_id", parent: "post", parentKey: "id", exported: false },
  { table: "post_view_day", column: "post_id", parent: "post", parentKey: "id", exported: false },
  { table: "post_moderation", column: "post_id", parent: "post", parentKey: "id", exported: false },
  {
    table: "entry_note_like",
    column: "note_id",
    parent: "entry_note",
    parentKey: "id",
    exported: false,
  },
  {
    table: "entry_note_report",
    column: "note_id",
    parent: "entry_note",
    parentKey: "id",
    exported: false,
  },
];

/**
 * Columns that look like a person's but are not a reader's personal information, with why
 * (the schema test accepts them).
 */
export const NOT_READER_DATA: Readonly<Record<string, string>> = {
  "post_moderation.moderator_id": "运营人员处理举报的记录，不属于读者个人信息",
  "wecom_contact.staff_user_id": "添加你的客服人员（企业成员）的标识",
  "tracking_event.session_id": "匿名的页面访问统计标识，不与账号关联",
};

/** The sets of one category, in the list's order. */
export function personalDataByCategory(
  list: readonly PersonalDataSet[] = PERSONAL_DATA,
): { category: PersonalDataCategory; sets: PersonalDataSet[] }[] {
  return PERSONAL_DATA_CATEGORIES.map((category) => ({
    category,
    sets: list.filter((set) => set.category === category),
  })).filter((group) => group.sets.length > 0);
}

/**
 * Problems with a list (empty means none): a table listed twice, a set without its words, an
 * anonymised set that says nothing of what it clears, a secret column that is also personal.
 */
export function personalDataProblems(list: readonly PersonalDataSet[] = PERSONAL_DATA): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const set of list) {
    if (seen.has(set.table)) problems.push(`${set.table}: listed twice`);
    seen.add(set.table);
    if (set.ownerColumns.length === 0) problems.push(`${set.table}: no owner column`);
    for (const field of ["what", "purpose", "usedIn", "retention"] as const)
      if (set[field].trim() === "") problems.push(`${set.table}: ${field} is empty`);
    if (set.onDeletion === "anonymise" && !set.nullOwner && set.ownerColumns.length !== 1)
      problems.push(`${set.table}: an anonymised set names its reader in one column`);
    for (const column of set.secretColumns ?? [])
      if ((set.personalColumns ?? []).includes(column))
        problems.push(`${set.table}.${column}: secret and exported at once`);
  }
  return problems;
}
