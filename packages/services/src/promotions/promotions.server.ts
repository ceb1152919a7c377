import { createHash, randomInt } from "node:crypto";
import type {
  CouponCampaignView,
  CouponGrantView,
  DiscountView,
  DrawRecordView,
  DrawResultView,
  DrawSaleView,
  ExchangeOrdersView,
  ExchangeResultView,
  GiftView,
  MyCouponsView,
  MyGiftsView,
} from "@tongjian/contracts/promotions";
import type { Database } from "@tongjian/db/database-schema";
import { chinaDay } from "@tongjian/domain/china-time";
import { PRODUCT_KIND_LABELS, type ProductKind } from "@tongjian/domain/commerce";
import { maskPhone } from "@tongjian/domain/phone-number";
import {
  buyHref,
  CROCKFORD_ALPHABET,
  checkStoreCode,
  describeCoupon,
  GIFT_LIFETIME_MS,
  GIFT_OFFERS,
  oddsPercent,
  prizeForRoll,
  STORE_CODE_RANDOM_LENGTH,
  storeCodeFromIndexes,
  totalWeight,
} from "@tongjian/domain/promotions";
import type { Viewer } from "@tongjian/domain/viewer";
import type { Kysely, Selectable, Transaction } from "kysely";
import { newId } from "../accounts/account-repository.ts";
import type { AttemptLimit, AttemptLimiter } from "../accounts/attempt-limiter.ts";
import { requireUser } from "../accounts/require-login.ts";
import type { ComplimentaryOrders } from "../commerce/commerce-seams.ts";
import { BadRequestError, NotFoundError, ServiceError } from "../service-error.ts";
import { couponRule, createPricing } from "./pricing.server.ts";

type CampaignRow = Selectable<Database["coupon_campaign"]>;

/** Failed redemptions (unknown, used or expired codes) per account and per address. */
export const EXCHANGE_LIMITS = {
  perAccount: { name: "exchangefail:account", max: 10, windowSeconds: 60 * 60 },
  perAddress: { name: "exchangefail:address", max: 30, windowSeconds: 60 * 60 },
} satisfies Record<string, AttemptLimit>;
const TOO_MANY_REDEEMS = "兑换失败次数过多，请一小时后再试";

/** A claim or a gift that cannot be had, with the reason (409). */
export class PromotionConflictError extends ServiceError {
  constructor(message: string) {
    super(409, message);
    this.name = "PromotionConflictError";
  }
}

/** The SHA-256 of a code's canonical form: all the database ever holds of it. */
export function hashStoreCode(code: string): string {
  return createHash("sha256").update(`store:${code}`).digest("hex");
}

/** A new exchange code: 19 characters from the system's CSPRNG and a check character. */
export function newStoreCode(): string {
  const indexes = Array.from({ length: STORE_CODE_RANDOM_LENGTH }, () =>
    randomInt(CROCKFORD_ALPHABET.length),
  );
  return storeCodeFromIndexes(indexes);
}

interface DrawPrize {
  key: string;
  title: string;
  weight: number;
  coupon?: string;
  product?: string;
}

export interface RequestContext {
  clientIp: string;
}

export interface PromotionsDeps {
  db: Kysely<Database>;
  limiter: AttemptLimiter;
  /** The order service's complimentary orders (exchange codes, gifts, draws give products). */
  complimentary: ComplimentaryOrders;
  /** Whether a reader may share gifts (a member, or one who bought): the order service answers. */
  canGive: (accountId: string) => Promise<boolean>;
  now?: () => Date;
  /** A random integer 0 ≤ n < max (crypto by default; tests may fix it). */
  random?: (max: number) => number;
}

/**
 * Coupons, discounts, the draw sale, exchange codes and gifts (decision 36). The `pricing` it
 * carries is the order service's `Pricing` seam.
 */
export function createPromotions(deps: PromotionsDeps) {
  const { db, limiter, complimentary } = deps;
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? ((max: number) => randomInt(max));
  const pricing = createPricing();

  async function products(keys: readonly string[]) {
    if (keys.length === 0) return new Map<string, ProductInfo>();
    const rows = await db
      .selectFrom("product")
      .select(["key", "kind", "title", "list_price_fen", "data", "on_sale"])
      .where("key", "in", [...new Set(keys)])
      .execute();
    return new Map(
      rows.map((r) => [
        r.key,
        {
          key: r.key,
          kind: r.kind,
          title: r.title,
          subtitle: (JSON.parse(r.data) as { subtitle?: string }).subtitle ?? "",
          listPriceFen: r.list_price_fen,
          onSale: r.on_sale === 1,
        },
      ]),
    );
  }

  async function appliesTo(list: string[]): Promise<string> {
    if (list.length === 0) return "全部商品";
    const byKey = await products(list.filter((p) => !p.startsWith("kind:")));
    return list
      .map((p) =>
        p.startsWith("kind:")
          ? (PRODUCT_KIND_LABELS[p.slice(5) as ProductKind] ?? p)
          : (byKey.get(p)?.title ?? p),
      )
      .join("、");
  }

  function useHrefOf(list: string[]): string {
    const keys = list.filter((p) => !p.startsWith("kind:"));
    if (keys.length === 1) return buyHref(keys[0] as string);
    if (list.length === 1 && list[0] === "kind:vip") return "/buyvip";
    if (list.length === 1 && list[0] === "kind:goods") return "/starmalllandscape";
    return "/upgradepay";
  }

  // ------------------------------------------------------------ coupons

  async function campaignView(row: CampaignRow, accountId: string | null) {
    const at = now().toISOString();
    const claimedByMe = accountId
      ? ((
          await db
            .selectFrom("coupon_claim_tally")
            .select("count")
            .where("campaign_id", "=", row.id)
            .where("account_id", "=", accountId)
            .executeTakeFirst()
        )?.count ?? 0)
      : 0;
    const remaining = row.total === null ? null : Math.max(0, row.total - row.claimed);
    let reason: string | null = null;
    if (row.source === "draw") reason = "该券仅限抽奖获得";
    else if (row.starts_at > at) reason = "活动尚未开始";
    else if (row.ends_at <= at) reason = "活动已结束";
    else if (remaining === 0) reason = "已被领完";
    else if (claimedByMe >= row.per_user_limit)
      reason = `每人限领 ${row.per_user_limit} 张，你已领过`;
    const rule = couponRule(row);
    const view: CouponCampaignView = {
      id: row.id,
      title: row.title,
      rule: describeCoupon(rule),
      kind: rule.kind,
      amountFen: row.amount_fen,
      percentOff: row.percent_off,
      capFen: row.cap_fen,
      minSpendFen: row.min_spend_fen,
      appliesTo: await appliesTo(rule.products as string[]),
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      validDays: row.valid_days,
      perUserLimit: row.per_user_limit,
      remaining,
      claimedByMe,
      canClaim: reason === null,
      reason,
    };
    return view;
  }

  async function findCampaign(id: string) {
    const row = await db
      .selectFrom("coupon_campaign")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw new NotFoundError("没有这张优惠券");
    return row;
  }

  function grantExpiry(row: CampaignRow, from: Date): string {
    if (row.valid_days === null) return row.ends_at;
    return new Date(from.getTime() + row.valid_days * 86_400_000).toISOString();
  }

  async function insertGrant(
    trx: Transaction<Database>,
    row: CampaignRow,
    accountId: string,
    origin: "claim" | "draw" | "campaign",
  ): Promise<string> {
    const at = now();
    const id = newId();
    await trx
      .insertInto("coupon_grant")
      .values({
        id,
        campaign_id: row.id,
        account_id: accountId,
        state: "available",
        order_num: null,
        claimed_at: at.toISOString(),
        starts_at: at.toISOString(),
        expires_at: grantExpiry(row, at),
        used_at: null,
        origin,
      })
      .execute();
    return id;
  }

  const accountOf = (viewer: Viewer) => (viewer.kind === "user" ? viewer.userId : null);

  const coupons = {
    /**
     * Gives a reader one coupon of a campaign by its key, outside its claim limits: a campaign's
     * reward (decision 39), given once by the campaign engine in its own transaction.
     */
    async grantByKey(trx: Transaction<Database>, couponKey: string, accountId: string) {
      const row = await trx
        .selectFrom("coupon_campaign")
        .selectAll()
        .where("key", "=", couponKey)
        .executeTakeFirst();
      if (!row) throw new NotFoundError(`没有优惠券 ${couponKey}`);
      return insertGrant(trx, row, accountId, "campaign");
    },
    /** The campaigns a reader can claim now (and those they no longer can, with why). */
    async campaigns(viewer: Viewer) {
      const at = now().toISOString();
      const rows = await db
        .selectFrom("coupon_campaign")
        .selectAll()
        .where("source", "!=", "draw")
        .where("starts_at", "<=", at)
        .where("ends_at", ">", at)
        .orderBy("created_at")
        .orderBy("key")
        .execute();
      const account = accountOf(viewer);
      return {
        campaigns: await Promise.all(rows.map((r) => campaignView(r, account))),
        signedIn: account !== null,
      };
    },

    async campaign(viewer: Viewer, id: string): Promise<CouponCampaignView> {
      return campaignView(await findCampaign(id), accountOf(viewer));
    },

    /**
     * 领取: within the window, the total and the per-user limit. The two limits are conditional
     * UPDATEs in one transaction, so claims at once never pass either.
     */
    async claim(viewer: Viewer, campaignId: string): Promise<CouponGrantView> {
      const user = requireUser(viewer, "请先登录再领取优惠券");
      const row = await findCampaign(campaignId);
      const view = await campaignView(row, user.userId);
      if (!view.canClaim) throw new PromotionConflictError(view.reason ?? "不能领取");
      const grantId = await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("coupon_claim_tally")
          .values({ campaign_id: row.id, account_id: user.userId, count: 0 })
          .onConflict((oc) => oc.columns(["campaign_id", "account_id"]).doNothing())
          .execute();
        const mine = await trx
          .updateTable("coupon_claim_tally")
          .set((eb) => ({ count: eb("count", "+", 1) }))
          .where("campaign_id", "=", row.id)
          .where("account_id", "=", user.userId)
          .where("count", "<", row.per_user_limit)
          .executeTakeFirst();
        if (Number(mine.numUpdatedRows) !== 1)
          throw new PromotionConflictError(`每人限领 ${row.per_user_limit} 张，你已领过`);
        const all = await trx
          .updateTable("coupon_campaign")
          .set((eb) => ({ claimed: eb("claimed", "+", 1) }))
          .where("id", "=", row.id)
          .where((eb) => eb.or([eb("total", "is", null), eb("claimed", "<", eb.ref("total"))]))
          .executeTakeFirst();
        if (Number(all.numUpdatedRows) !== 1) throw new PromotionConflictError("已被领完");
        return insertGrant(trx, row, user.userId, "claim");
      });
      const mine = await coupons.mine(viewer, "available");
      const grant = mine.coupons.find((c) => c.id === grantId);
      if (!grant) throw new ServiceError(500, "领取后未找到优惠券");
      return grant;
    },

    /** 我的优惠券: 可用 (and those held by an unpaid order), 已使用, 已过期. */
    async mine(viewer: Viewer, tab: "available" | "used" | "expired"): Promise<MyCouponsView> {
      const user = requireUser(viewer, "请先登录查看优惠券");
      const at = now().toISOString();
      const rows = await db
        .selectFrom("coupon_grant as g")
        .innerJoin("coupon_campaign as c", "c.id", "g.campaign_id")
        .selectAll("c")
        .select([
          "g.id as grant_id",
          "g.state as grant_state",
          "g.claimed_at",
          "g.expires_at as grant_expires_at",
          "g.used_at",
          "g.order_num",
        ])
        .where("g.account_id", "=", user.userId)
        .orderBy("g.claimed_at", "desc")
        .execute();
      const tabOf = (r: (typeof rows)[number]) =>
        r.grant_state === "used" ? "used" : r.grant_expires_at <= at ? "expired" : "available";
      const counts = { available: 0, used: 0, expired: 0 };
      for (const r of rows) counts[tabOf(r)]++;
      const shown = rows.filter((r) => tabOf(r) === tab);
      const views: CouponGrantView[] = [];
      for (const r of shown) {
        const rule = couponRule(r);
        const state =
          tabOf(r) === "expired" ? "expired" : (r.grant_state as "available" | "locked" | "used");
        views.push({
          id: r.grant_id,
          campaignId: r.id,
          title: r.title,
          rule: describeCoupon(rule),
          appliesTo: await appliesTo(rule.products as string[]),
          state,
          stateLabel: {
            available: "可用",
            locked: "待支付订单占用",
            used: "已使用",
            expired: "已过期",
          }[state],
          claimedAt: r.claimed_at,
          expiresAt: r.grant_expires_at,
          usedAt: r.used_at,
          orderNum: r.order_num,
          useHref: useHrefOf(rule.products as string[]),
        });
      }
      return { tab, coupons: views, counts };
    },

    /** The admin command's campaign: validated, stored, answered. */
    async createCampaign(input: {
      key: string;
      title: string;
      kind: "amount" | "percent";
      amountFen?: number;
      percentOff?: number;
      capFen?: number;
      minSpendFen?: number;
      products?: string[];
      startsAt: Date;
      endsAt: Date;
      validDays?: number;
      perUserLimit?: number;
      total?: number;
    }): Promise<CouponCampaignView> {
      const bad = (m: string) => new BadRequestError(m);
      if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(input.key))
        throw bad("键只能含小写字母、数字与短横线");
      if (input.title.trim().length < 2 || input.title.length > 30) throw bad("标题应为 2–30 个字");
      const int = (v: number | undefined, min: number, max: number, name: string) => {
        if (v !== undefined && (!Number.isInteger(v) || v < min || v > max))
          throw bad(`${name}应为 ${min} 到 ${max} 之间的整数`);
      };
      if (input.kind === "amount") {
        if (input.amountFen === undefined) throw bad("满减券须给出金额（--amount，单位分）");
        int(input.amountFen, 1, 10_000_000, "金额");
      } else if (input.kind === "percent") {
        if (input.percentOff === undefined)
          throw bad("折扣券须给出折扣（--percent，减去的百分比）");
        int(input.percentOff, 1, 99, "折扣百分比");
        int(input.capFen, 1, 10_000_000, "封顶金额");
      } else throw bad("类型只能是 amount 或 percent");
      int(input.minSpendFen, 0, 10_000_000, "门槛");
      int(input.validDays, 1, 3650, "有效天数");
      int(input.perUserLimit, 1, 100, "每人限领");
      int(input.total, 1, 10_000_000, "发放总量");
      if (Number.isNaN(input.startsAt.getTime()) || Number.isNaN(input.endsAt.getTime()))
        throw bad("时间格式应为 2026-12-01 或 2026-12-01T00:00:00+08:00");
      if (input.endsAt <= input.startsAt) throw bad("结束时间须晚于开始时间");
      const list = input.products ?? [];
      const known = await products(list.filter((p) => !p.startsWith("kind:")));
      for (const p of list) {
        if (p.startsWith("kind:")) {
          if (!(p.slice(5) in PRODUCT_KIND_LABELS)) throw bad(`没有这类商品：${p}`);
        } else if (!known.has(p)) throw bad(`没有这个商品：${p}`);
      }
      const taken = await db
        .selectFrom("coupon_campaign")
        .select("id")
        .where("key", "=", input.key)
        .executeTakeFirst();
      if (taken) throw new PromotionConflictError(`键 ${input.key} 已被使用`);
      const row = {
        id: newId(),
        key: input.key,
        title: input.title.trim(),
        kind: input.kind,
        amount_fen: input.kind === "amount" ? (input.amountFen ?? null) : null,
        percent_off: input.kind === "percent" ? (input.percentOff ?? null) : null,
        cap_fen: input.kind === "percent" ? (input.capFen ?? null) : null,
        min_spend_fen: input.minSpendFen ?? 0,
        products: JSON.stringify(list),
        starts_at: input.startsAt.toISOString(),
        ends_at: input.endsAt.toISOString(),
        valid_days: input.validDays ?? null,
        per_user_limit: input.perUserLimit ?? 1,
        total: input.total ?? null,
        claimed: 0,
        source: "admin",
        created_at: now().toISOString(),
      };
      await db.insertInto("coupon_campaign").values(row).execute();
      return campaignView(row, null);
    },
  };

  // ------------------------------------------------------------ discounts

  async function discountViews(rows: Selectable<Database["discount"]>[]): Promise<DiscountView[]> {
    const byKey = await products(rows.map((r) => r.product_key));
    const at = now().toISOString();
    const out: DiscountView[] = [];
    for (const r of rows) {
      const p = byKey.get(r.product_key);
      if (!p?.onSale) continue;
      const priceFen = Math.min(r.price_fen, p.listPriceFen);
      out.push({
        id: r.id,
        title: r.title,
        theme: r.theme,
        product: {
          key: p.key,
          kind: p.kind,
          title: p.title,
          subtitle: p.subtitle,
          listPriceFen: p.listPriceFen,
        },
        priceFen,
        saveFen: p.listPriceFen - priceFen,
        startsAt: r.starts_at,
        endsAt: r.ends_at,
        status: r.starts_at > at ? "upcoming" : r.ends_at > at ? "running" : "ended",
        buyHref: buyHref(p.key),
      });
    }
    return out;
  }

  const discounts = {
    /** Discounts running now or starting within 30 days, soonest end first. */
    async list(theme?: 1 | 2) {
      const at = now();
      let q = db
        .selectFrom("discount")
        .selectAll()
        .where("ends_at", ">", at.toISOString())
        .where("starts_at", "<=", new Date(at.getTime() + 30 * 86_400_000).toISOString());
      if (theme) q = q.where("theme", "=", theme);
      const rows = await q.orderBy("sort_key").orderBy("ends_at").execute();
      return { discounts: await discountViews(rows), now: at.toISOString() };
    },
    async get(id: string): Promise<DiscountView & { now: string }> {
      const row = await db
        .selectFrom("discount")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      const [view] = row ? await discountViews([row]) : [];
      if (!view) throw new NotFoundError("没有这个折扣活动");
      return { ...view, now: now().toISOString() };
    },
  };

  // ------------------------------------------------------------ draws

  async function findSale(key: string) {
    const row = await db
      .selectFrom("draw_sale")
      .selectAll()
      .where("key", "=", key)
      .executeTakeFirst();
    if (!row) throw new NotFoundError("没有这个抽奖活动");
    return { ...row, prizeList: JSON.parse(row.prizes) as DrawPrize[] };
  }

  const recordView = (r: Selectable<Database["draw_record"]>): DrawRecordView => ({
    id: r.id,
    prizeKey: r.prize_key,
    prizeTitle: r.prize_title,
    roll: r.roll,
    rollOf: r.roll_of,
    couponGrantId: r.coupon_grant_id,
    orderNum: r.order_num,
    createdAt: r.created_at,
  });

  async function drawsToday(saleKey: string, accountId: string, day: string) {
    const row = await db
      .selectFrom("draw_day")
      .select("count")
      .where("sale_key", "=", saleKey)
      .where("account_id", "=", accountId)
      .where("day", "=", day)
      .executeTakeFirst();
    return row?.count ?? 0;
  }

  const draws = {
    async sale(viewer: Viewer, key = "drawsale"): Promise<DrawSaleView> {
      const sale = await findSale(key);
      const at = now();
      const total = totalWeight(sale.prizeList);
      const account = accountOf(viewer);
      const records = account
        ? await db
            .selectFrom("draw_record")
            .selectAll()
            .where("sale_key", "=", key)
            .where("account_id", "=", account)
            .orderBy("created_at", "desc")
            .limit(50)
            .execute()
        : [];
      return {
        key: sale.key,
        title: sale.title,
        startsAt: sale.starts_at,
        endsAt: sale.ends_at,
        running: sale.starts_at <= at.toISOString() && sale.ends_at > at.toISOString(),
        dailyLimit: sale.daily_limit,
        leftToday: account
          ? Math.max(0, sale.daily_limit - (await drawsToday(key, account, chinaDay(at))))
          : null,
        prizes: sale.prizeList.map((p) => ({
          key: p.key,
          title: p.title,
          kind: p.coupon ? "coupon" : p.product ? "product" : "none",
          weight: p.weight,
          odds: oddsPercent(p.weight, total),
        })),
        records: records.map(recordView),
        signedIn: account !== null,
      };
    },

    /**
     * One draw: counted against the day's limit by a conditional UPDATE, the roll from the
     * CSPRNG, the prize given (a coupon, or a product through a complimentary order) and the
     * draw recorded, all in one transaction.
     */
    async draw(viewer: Viewer, key = "drawsale"): Promise<DrawResultView> {
      const user = requireUser(viewer, "请先登录再抽奖");
      const sale = await findSale(key);
      const at = now();
      const stamp = at.toISOString();
      if (sale.starts_at > stamp) throw new PromotionConflictError("活动尚未开始");
      if (sale.ends_at <= stamp) throw new PromotionConflictError("活动已结束");
      const day = chinaDay(at);
      const total = totalWeight(sale.prizeList);
      const record = await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("draw_day")
          .values({ sale_key: key, account_id: user.userId, day, count: 0 })
          .onConflict((oc) => oc.columns(["sale_key", "account_id", "day"]).doNothing())
          .execute();
        const counted = await trx
          .updateTable("draw_day")
          .set((eb) => ({ count: eb("count", "+", 1) }))
          .where("sale_key", "=", key)
          .where("account_id", "=", user.userId)
          .where("day", "=", day)
          .where("count", "<", sale.daily_limit)
          .executeTakeFirst();
        if (Number(counted.numUpdatedRows) !== 1)
          throw new PromotionConflictError(`今天的 ${sale.daily_limit} 次抽奖机会已用完，明天再来`);
        const roll = random(total);
        const prize = prizeForRoll(sale.prizeList, roll);
        const id = newId();
        let couponGrantId: string | null = null;
        let orderNum: string | null = null;
        if (prize.coupon) {
          const campaign = await trx
            .selectFrom("coupon_campaign")
            .selectAll()
            .where("key", "=", prize.coupon)
            .executeTakeFirst();
          if (!campaign) throw new ServiceError(500, `奖品优惠券 ${prize.coupon} 不存在`);
          couponGrantId = await insertGrant(trx, campaign, user.userId, "draw");
        } else if (prize.product) {
          orderNum = await complimentary.grant(trx, {
            accountId: user.userId,
            productKey: prize.product,
            source: "draw",
            sourceRef: id,
          });
        }
        const row = {
          id,
          sale_key: key,
          account_id: user.userId,
          day,
          roll,
          roll_of: total,
          prize_key: prize.key,
          prize_title: prize.title,
          coupon_grant_id: couponGrantId,
          order_num: orderNum,
          created_at: stamp,
        };
        await trx.insertInto("draw_record").values(row).execute();
        return row;
      });
      const leftToday = Math.max(0, sale.daily_limit - (await drawsToday(key, user.userId, day)));
      return {
        record: recordView(record),
        leftToday,
        message: `抽中：${record.prize_title}`,
      };
    },
  };

  // ------------------------------------------------------------ exchange codes

  const exchange = {
    /**
     * New codes for a product (the admin command): answered in plain text once; only their
     * hashes are kept.
     */
    async createCodes(input: {
      productKey: string;
      count: number;
      expiresAt: Date;
      batch?: string;
    }): Promise<{ batch: string; expiresAt: string; codes: string[] }> {
      if (!Number.isInteger(input.count) || input.count < 1 || input.count > 100_000)
        throw new BadRequestError("数量应为 1 到 100000 之间的整数");
      const at = now();
      if (Number.isNaN(input.expiresAt.getTime()) || input.expiresAt <= at)
        throw new BadRequestError("有效期须为将来的日期，如 2027-06-30");
      if (!(await products([input.productKey])).has(input.productKey))
        throw new BadRequestError(`没有这个商品：${input.productKey}`);
      const batch =
        input.batch ?? `${input.productKey}-${at.toISOString().slice(0, 19).replace(/\D/g, "")}`;
      if (!/^[A-Za-z0-9._-]{1,60}$/.test(batch))
        throw new BadRequestError("批次名只能含字母、数字、点、下划线与短横线");
      const codes = new Set<string>();
      while (codes.size < input.count) codes.add(newStoreCode());
      const list = [...codes];
      const expiresAt = input.expiresAt.toISOString();
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < list.length; i += 500)
          await trx
            .insertInto("exchange_code")
            .values(
              list.slice(i, i + 500).map((code) => ({
                code_hash: hashStoreCode(code),
                product_key: input.productKey,
                batch,
                expires_at: expiresAt,
                created_at: at.toISOString(),
                redeemed_by: null,
                redeemed_at: null,
                order_num: null,
              })),
            )
            .execute();
      });
      return { batch, expiresAt, codes: list };
    },

    /**
     * 兑换: the check character first (a typo never reaches the database), then one UPDATE that
     * takes the code only while unspent and unexpired, and the product's complimentary order in
     * the same transaction. Failures count per account and per address.
     */
    async redeem(viewer: Viewer, input: string, ctx: RequestContext): Promise<ExchangeResultView> {
      const user = requireUser(viewer, "请先登录，兑换的商品将发放到你的账号");
      await limiter.check(EXCHANGE_LIMITS.perAccount, user.userId, TOO_MANY_REDEEMS);
      await limiter.check(EXCHANGE_LIMITS.perAddress, ctx.clientIp, TOO_MANY_REDEEMS);
      const checked = checkStoreCode(input);
      if (!checked.ok) throw new BadRequestError(checked.message);
      const hash = hashStoreCode(checked.code);
      const stamp = now().toISOString();
      const outcome = await db.transaction().execute(async (trx) => {
        const taken = await trx
          .updateTable("exchange_code")
          .set({ redeemed_by: user.userId, redeemed_at: stamp })
          .where("code_hash", "=", hash)
          .where("redeemed_by", "is", null)
          .where("expires_at", ">", stamp)
          .executeTakeFirst();
        const row = await trx
          .selectFrom("exchange_code")
          .select(["product_key", "expires_at", "redeemed_by"])
          .where("code_hash", "=", hash)
          .executeTakeFirst();
        if (!row) return { kind: "unknown" } as const;
        if (Number(taken.numUpdatedRows) !== 1) {
          if (row.redeemed_by !== null)
            return { kind: "used", mine: row.redeemed_by === user.userId } as const;
          return { kind: "expired", expiresAt: row.expires_at } as const;
        }
        const orderNum = await complimentary.grant(trx, {
          accountId: user.userId,
          productKey: row.product_key,
          source: "exchange",
          sourceRef: hash,
        });
        await trx
          .updateTable("exchange_code")
          .set({ order_num: orderNum })
          .where("code_hash", "=", hash)
          .execute();
        return { kind: "spent", productKey: row.product_key, orderNum } as const;
      });
      if (outcome.kind !== "spent") {
        await limiter.fail(EXCHANGE_LIMITS.perAccount, user.userId);
        await limiter.fail(EXCHANGE_LIMITS.perAddress, ctx.clientIp);
        if (outcome.kind === "unknown") throw new NotFoundError("兑换码不存在，请核对后重新输入");
        if (outcome.kind === "expired")
          throw new ServiceError(410, `兑换码已过期（有效期至 ${outcome.expiresAt.slice(0, 10)}）`);
        throw new PromotionConflictError(
          outcome.mine ? "你已经兑换过这个兑换码" : "兑换码已被使用",
        );
      }
      const product = (await products([outcome.productKey])).get(outcome.productKey);
      const title = product?.title ?? outcome.productKey;
      return {
        productKey: outcome.productKey,
        productTitle: title,
        orderNum: outcome.orderNum,
        message: `兑换成功：${title}`,
      };
    },

    /** 兑换订单: what the reader redeemed, newest first. */
    async mine(viewer: Viewer): Promise<ExchangeOrdersView> {
      const user = requireUser(viewer, "请先登录查看兑换记录");
      const rows = await db
        .selectFrom("exchange_code")
        .select(["product_key", "order_num", "redeemed_at", "batch"])
        .where("redeemed_by", "=", user.userId)
        .orderBy("redeemed_at", "desc")
        .limit(100)
        .execute();
      const byKey = await products(rows.map((r) => r.product_key));
      return {
        redemptions: rows.map((r) => ({
          productKey: r.product_key,
          productTitle: byKey.get(r.product_key)?.title ?? r.product_key,
          orderNum: r.order_num,
          redeemedAt: r.redeemed_at ?? "",
          batch: r.batch,
        })),
      };
    },

    /** A batch's codes: how many, and how many are spent (the admin command's report). */
    async batchReport(batch: string) {
      const rows = await db
        .selectFrom("exchange_code")
        .select(["redeemed_by"])
        .where("batch", "=", batch)
        .execute();
      return { total: rows.length, spent: rows.filter((r) => r.redeemed_by !== null).length };
    },
  };

  // ------------------------------------------------------------ gifts

  const { canGive } = deps;

  async function giftView(row: Selectable<Database["gift"]>, viewer: Viewer): Promise<GiftView> {
    const [product, giver, claims] = await Promise.all([
      products([row.product_key]).then((m) => m.get(row.product_key)),
      db
        .selectFrom("account")
        .select(["name", "phone"])
        .where("id", "=", row.giver_id)
        .executeTakeFirst(),
      db
        .selectFrom("gift_claim as c")
        .innerJoin("account as a", "a.id", "c.account_id")
        .select(["c.account_id", "c.order_num", "c.created_at", "a.name", "a.phone"])
        .where("c.gift_id", "=", row.id)
        .orderBy("c.created_at")
        .execute(),
    ]);
    const account = accountOf(viewer);
    const mine = claims.find((c) => c.account_id === account);
    const at = now().toISOString();
    const viewerState: GiftView["viewerState"] =
      account === row.giver_id
        ? "giver"
        : mine
          ? "claimed"
          : row.claimed >= row.total
            ? "exhausted"
            : row.expires_at <= at
              ? "expired"
              : account
                ? "can-claim"
                : "login";
    const nameOf = (a: { name: string; phone: string | null }) =>
      a.phone ? maskPhone(a.phone) : a.name.length > 1 ? `${a.name.slice(0, 1)}**` : a.name;
    return {
      id: row.id,
      giverName: giver ? nameOf(giver) : "通鉴读者",
      product: {
        key: row.product_key,
        title: product?.title ?? row.product_key,
        subtitle: product?.subtitle ?? "",
      },
      total: row.total,
      claimed: row.claimed,
      remaining: Math.max(0, row.total - row.claimed),
      expiresAt: row.expires_at,
      viewerState,
      claims:
        viewerState === "giver" ? claims.map((c) => ({ name: nameOf(c), at: c.created_at })) : [],
      orderNum: mine?.order_num ?? null,
    };
  }

  async function findGift(id: string) {
    const row = await db.selectFrom("gift").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw new NotFoundError("没有这份礼物，链接可能有误");
    return row;
  }

  const gifts = {
    /** The reader's gifts and what they may share. */
    async mine(viewer: Viewer): Promise<MyGiftsView> {
      const user = requireUser(viewer, "请先登录");
      const allowed = await canGive(user.userId);
      const known = await products(GIFT_OFFERS.map((o) => o.productKey));
      const rows = await db
        .selectFrom("gift")
        .selectAll()
        .where("giver_id", "=", user.userId)
        .orderBy("created_at", "desc")
        .limit(20)
        .execute();
      return {
        canGive: allowed,
        reason: allowed ? null : "开通会员或兑换会员后可分享礼物给好友",
        offers: GIFT_OFFERS.filter((o) => known.has(o.productKey)).map((o) => ({
          productKey: o.productKey,
          productTitle: known.get(o.productKey)?.title ?? o.productKey,
          count: o.count,
          title: o.title,
        })),
        gifts: await Promise.all(rows.map((r) => giftView(r, viewer))),
      };
    },

    /** A gift to share: the open one of this product if there is one, else a new one. */
    async create(viewer: Viewer, productKey: string): Promise<GiftView> {
      const user = requireUser(viewer, "请先登录");
      const offer = GIFT_OFFERS.find((o) => o.productKey === productKey);
      if (!offer) throw new BadRequestError("这个商品不能分享赠送");
      if (!(await canGive(user.userId)))
        throw new ServiceError(403, "开通会员或兑换会员后可分享礼物给好友");
      const at = now();
      const open = await db
        .selectFrom("gift")
        .selectAll()
        .where("giver_id", "=", user.userId)
        .where("product_key", "=", productKey)
        .where("expires_at", ">", at.toISOString())
        .whereRef("claimed", "<", "total")
        .executeTakeFirst();
      if (open) return giftView(open, viewer);
      const row = {
        id: newId(),
        giver_id: user.userId,
        product_key: productKey,
        total: offer.count,
        claimed: 0,
        created_at: at.toISOString(),
        expires_at: new Date(at.getTime() + GIFT_LIFETIME_MS).toISOString(),
      };
      await db.insertInto("gift").values(row).execute();
      return giftView(row, viewer);
    },

    async get(viewer: Viewer, id: string): Promise<GiftView> {
      return giftView(await findGift(id), viewer);
    },

    /**
     * A friend claims: never the giver, once per reader (gift_claim's key), within the count
     * (a conditional UPDATE), and the product given in the same transaction.
     */
    async claim(viewer: Viewer, id: string): Promise<{ gift: GiftView; message: string }> {
      const user = requireUser(viewer, "请先登录再领取礼物");
      const row = await findGift(id);
      if (row.giver_id === user.userId) throw new PromotionConflictError("不能领取自己的礼物");
      const stamp = now().toISOString();
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom("gift_claim")
          .select("order_num")
          .where("gift_id", "=", id)
          .where("account_id", "=", user.userId)
          .executeTakeFirst();
        if (before) throw new PromotionConflictError("你已领取过这份礼物");
        const counted = await trx
          .updateTable("gift")
          .set((eb) => ({ claimed: eb("claimed", "+", 1) }))
          .where("id", "=", id)
          .where("expires_at", ">", stamp)
          .whereRef("claimed", "<", "total")
          .executeTakeFirst();
        if (Number(counted.numUpdatedRows) !== 1)
          throw new PromotionConflictError(row.expires_at <= stamp ? "礼物已过期" : "礼物已领完");
        const orderNum = await complimentary.grant(trx, {
          accountId: user.userId,
          productKey: row.product_key,
          source: "gift",
          sourceRef: `${id}:${user.userId}`,
        });
        const inserted = await trx
          .insertInto("gift_claim")
          .values({ gift_id: id, account_id: user.userId, order_num: orderNum, created_at: stamp })
          .onConflict((oc) => oc.columns(["gift_id", "account_id"]).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1)
          throw new PromotionConflictError("你已领取过这份礼物");
      });
      const gift = await giftView(await findGift(id), viewer);
      return { gift, message: `领取成功：${gift.product.title}` };
    },
  };

  return { pricing, coupons, discounts, draws, exchange, gifts };
}

interface ProductInfo {
  key: string;
  kind: string;
  title: string;
  subtitle: string;
  listPriceFen: number;
  onSale: boolean;
}

export type Promotions = ReturnType<typeof createPromotions>;
