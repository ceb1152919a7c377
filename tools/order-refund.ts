// `npm run order:refund -- <orderNum> [amountFen] [reason]`: refunds an order in full, or the
// given fen, through its payment channel (decision 33). The entitlement is reversed once the
// channel confirms (at once, or by its refund notification or the server's refund query).
// Uses the database and channels of the server's settings (DATABASE_URL, SQLITE_PATH, DATA_DIR …).
import { formatFen } from "@tongjian/domain/commerce";
import { ServiceError } from "@tongjian/services/service-error";
import { closeDeps, createDeps } from "../apps/api/src/create-deps.ts";
import { readServerConfig } from "../apps/api/src/server-config.ts";

const [orderNum, rawAmount, ...reasonWords] = process.argv.slice(2).filter((a) => a !== "--");
const amount = rawAmount === undefined || rawAmount === "all" ? null : Number(rawAmount);
if (!orderNum || (amount !== null && !Number.isSafeInteger(amount))) {
  console.error("用法：npm run order:refund -- <订单号> [退款金额（分），默认全额] [原因]");
  process.exit(2);
}
const deps = await createDeps({ ...readServerConfig(process.env), seedOnStart: false });
try {
  const refundNum = await deps.services.orders.refund(
    orderNum,
    amount,
    reasonWords.join(" ") || "管理员退款",
  );
  const order = await deps.handle.db
    .selectFrom("orders")
    .select(["state", "refunded_fen", "pay_fen"])
    .where("order_num", "=", orderNum)
    .executeTakeFirstOrThrow();
  console.log(
    `退款单 ${refundNum}：订单 ${orderNum} 状态 ${order.state}，已退 ${formatFen(order.refunded_fen)} / 实付 ${formatFen(order.pay_fen)}`,
  );
} catch (error) {
  if (error instanceof ServiceError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
} finally {
  await closeDeps(deps);
}
