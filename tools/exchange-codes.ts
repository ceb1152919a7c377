// `npm run exchange:codes -- --product vip.year --count 100 --expires 2027-06-30 [--batch name]`:
// makes exchange codes for a product of the store and prints them, one a line
// (XXXX-XXXX-XXXX-XXXX-XXXX: 95 random bits and a check character). Only their hashes are kept,
// so this is the one time they are shown: keep the output. `--report <batch>` prints how many of
// a batch are spent. Uses the database of the server's settings (DATABASE_URL, SQLITE_PATH,
// DATA_DIR).
import { parseArgs } from "node:util";
import { formatStoreCode } from "@tongjian/domain/promotions";
import { parseInstant, withPromotions } from "./promotions-cli.ts";

const USAGE =
  "用法：npm run exchange:codes -- --product <商品键，如 vip.year> --count <数量> --expires <有效期至，如 2027-06-30> [--batch <批次名>]\n或：npm run exchange:codes -- --report <批次名>";

const { values } = parseArgs({
  options: {
    product: { type: "string" },
    count: { type: "string" },
    expires: { type: "string" },
    batch: { type: "string" },
    report: { type: "string" },
  },
});

const { ServiceError } = await import("@tongjian/services/service-error");
try {
  await withPromotions(async (promotions) => {
    if (values.report) {
      const r = await promotions.exchange.batchReport(values.report);
      console.log(`批次 ${values.report}：共 ${r.total} 个，已兑换 ${r.spent} 个`);
      return;
    }
    if (!values.product || !values.count || !values.expires) {
      console.error(USAGE);
      process.exitCode = 2;
      return;
    }
    const made = await promotions.exchange.createCodes({
      productKey: values.product,
      count: Number(values.count),
      expiresAt: parseInstant(values.expires, true),
      ...(values.batch ? { batch: values.batch } : {}),
    });
    console.error(
      `已生成 ${made.codes.length} 个兑换码（${values.product}，批次 ${made.batch}，有效期至 ${made.expiresAt}）。兑换码只显示这一次，请妥善保存：`,
    );
    for (const code of made.codes) console.log(formatStoreCode(code));
  });
} catch (error) {
  if (error instanceof ServiceError) {
    console.error(
      `${error.message}${error.message.startsWith("没有这个商品") ? "（商品要先载入：npm run db:seed）" : ""}`,
    );
    process.exitCode = 1;
  } else throw error;
}
