// `npm run coupon:create -- --key winter-20 --title 冬日立减券 --amount 2000 --min 10000
//   --products vip.year,kind:course --starts 2026-12-01 --ends 2026-12-31 [--days 15]
//   [--per-user 1] [--total 1000]`, or `--percent 15 [--cap 3000]` for a percentage off:
// makes a coupon campaign readers claim on /coupon/{id}. Amounts in fen. Prints the campaign's
// page. Uses the database of the server's settings (DATABASE_URL, SQLITE_PATH, DATA_DIR).
import { parseArgs } from "node:util";
import { parseInstant, withPromotions } from "./promotions-cli.ts";

const USAGE =
  "用法：npm run coupon:create -- --key <键> --title <标题> (--amount <减免金额，分> | --percent <减去的百分比> [--cap <封顶，分>]) [--min <门槛，分>] [--products <商品键或 kind:类型，逗号分隔>] --starts <开始日期> --ends <结束日期> [--days <领取后有效天数>] [--per-user <每人限领>] [--total <发放总量>]";

const { values } = parseArgs({
  options: {
    key: { type: "string" },
    title: { type: "string" },
    amount: { type: "string" },
    percent: { type: "string" },
    cap: { type: "string" },
    min: { type: "string" },
    products: { type: "string" },
    starts: { type: "string" },
    ends: { type: "string" },
    days: { type: "string" },
    "per-user": { type: "string" },
    total: { type: "string" },
  },
});

const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
if (
  !values.key ||
  !values.title ||
  !values.starts ||
  !values.ends ||
  (values.amount === undefined) === (values.percent === undefined)
) {
  console.error(USAGE);
  process.exit(2);
}

const { ServiceError } = await import("@tongjian/services/service-error");
try {
  await withPromotions(async (promotions) => {
    const view = await promotions.coupons.createCampaign({
      key: values.key as string,
      title: values.title as string,
      kind: values.amount !== undefined ? "amount" : "percent",
      ...(values.amount !== undefined ? { amountFen: Number(values.amount) } : {}),
      ...(values.percent !== undefined ? { percentOff: Number(values.percent) } : {}),
      ...(values.cap !== undefined ? { capFen: Number(values.cap) } : {}),
      ...(values.min !== undefined ? { minSpendFen: Number(values.min) } : {}),
      products: values.products ? values.products.split(",").map((p) => p.trim()) : [],
      startsAt: parseInstant(values.starts as string, false),
      endsAt: parseInstant(values.ends as string, true),
      ...(num(values.days) !== undefined ? { validDays: num(values.days) as number } : {}),
      ...(num(values["per-user"]) !== undefined
        ? { perUserLimit: num(values["per-user"]) as number }
        : {}),
      ...(num(values.total) !== undefined ? { total: num(values.total) as number } : {}),
    });
    console.log(
      `已创建优惠券「${view.title}」（${view.rule}，适用：${view.appliesTo}），领取页：/coupon/${view.id}`,
    );
  });
} catch (error) {
  if (error instanceof ServiceError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
}
