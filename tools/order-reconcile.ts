// `npm run order:reconcile -- <YYYY-MM-DD>`: compares a China day's payments and refunds with each
// configured channel's statement (decision 33), stores the report (reconciliation_report) and
// prints the differences: missing on either side, or an amount that differs. Exit code 1 when
// there are differences.
import { formatFen } from "@tongjian/domain/commerce";
import { ServiceError } from "@tongjian/services/service-error";
import { closeDeps, createDeps } from "../apps/api/src/create-deps.ts";
import { readServerConfig } from "../apps/api/src/server-config.ts";

const [day] = process.argv.slice(2).filter((a) => a !== "--");
if (!day) {
  console.error("用法：npm run order:reconcile -- <YYYY-MM-DD>");
  process.exit(2);
}
const PROBLEMS = {
  "missing-at-channel": "渠道账单中没有",
  "missing-here": "本站没有对应记录",
  "amount-differs": "金额不一致",
} as const;
const deps = await createDeps({ ...readServerConfig(process.env), seedOnStart: false });
try {
  const reports = await deps.services.orders.reconcile(day);
  if (reports.length === 0) console.log("没有已配置的支付渠道，无可对账。");
  let differences = 0;
  for (const r of reports) {
    console.log(`${r.day} ${r.channel}：一致 ${r.matched} 笔，差异 ${r.differences.length} 笔`);
    for (const d of r.differences) {
      differences++;
      const ours = d.oursFen === null ? "—" : formatFen(d.oursFen);
      const theirs = d.channelFen === null ? "—" : formatFen(d.channelFen);
      console.log(
        `  ${d.orderNum} ${d.kind === "payment" ? "支付" : "退款"}：${PROBLEMS[d.problem]}（本站 ${ours}，渠道 ${theirs}）`,
      );
    }
  }
  if (differences > 0) process.exitCode = 1;
} catch (error) {
  if (error instanceof ServiceError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
} finally {
  await closeDeps(deps);
}
