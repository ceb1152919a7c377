// `npm run account:role -- --phone 13800138000 --role admin` (or `--role user`): makes an
// account a community moderator, or a reader again (issue 16: the admin role hides and restores
// posts on /community/moderation). Uses the database of the server's settings (DATABASE_URL,
// SQLITE_PATH, DATA_DIR); sessions read the role anew within seconds (decision 18).
import { parseArgs } from "node:util";
import { normalizePhone } from "@tongjian/domain/phone-number";
import { createAccountRepository } from "@tongjian/services/accounts/account-repository";
import { readServerConfig } from "../apps/api/src/server-config.ts";

const { values } = parseArgs({
  options: { phone: { type: "string" }, role: { type: "string", default: "admin" } },
});
const phone = values.phone ? normalizePhone(values.phone) : null;
if (!phone || (values.role !== "admin" && values.role !== "user")) {
  console.error("用法：npm run account:role -- --phone <手机号> [--role admin|user]");
  process.exit(2);
}
const { createDatabase } = await import("@tongjian/db/create-database");
const config = readServerConfig(process.env);
const handle = createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
try {
  const accounts = createAccountRepository(handle.db);
  const account = await accounts.findByPhone(phone);
  if (!account) {
    console.error(`没有手机号为 ${phone} 的账号（先在 /login 注册）`);
    process.exitCode = 1;
  } else {
    await accounts.update(account.id, { role: values.role });
    console.log(
      `${account.name}（${phone}）现在是 ${values.role === "admin" ? "管理员" : "普通读者"}（已登录的会话几秒内生效）`,
    );
  }
} finally {
  await handle.close();
}
