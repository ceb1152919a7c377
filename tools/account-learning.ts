// `npm run account:learning -- 13800138000 on` (or `off`): opens every ladder level to an
// account, or closes the paid levels again (account.learning_access, the product gate of the
// ladders until commerce sells them; decision 0029). Uses the database of the server's settings
// (DATABASE_URL, SQLITE_PATH, DATA_DIR); the pages read the flag on every request.
import { normalizePhone } from "@tongjian/domain/phone-number";
import { createAccountRepository } from "@tongjian/services/accounts/account-repository";
import { readServerConfig } from "../apps/api/src/server-config.ts";

const [rawPhone, state] = process.argv.slice(2).filter((a) => a !== "--");
const phone = rawPhone ? normalizePhone(rawPhone) : null;
if (!phone || (state !== "on" && state !== "off")) {
  console.error("用法：npm run account:learning -- <手机号> on|off");
  process.exit(2);
}
const { createDatabase } = await import("@tongjian/db/create-database");
const config = readServerConfig(process.env);
const handle = createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
try {
  const account = await createAccountRepository(handle.db).findByPhone(phone);
  if (!account) {
    console.error(`没有手机号为 ${phone} 的账号（先在 /login 注册）`);
    process.exitCode = 1;
  } else {
    await handle.db
      .updateTable("account")
      .set({ learning_access: state === "on" ? 1 : 0, updated_at: new Date().toISOString() })
      .where("id", "=", account.id)
      .execute();
    console.log(
      `${account.name}（${phone}）${state === "on" ? "已开通全部天梯关卡" : "已关闭付费天梯关卡，仅可学试学关卡"}`,
    );
  }
} finally {
  await handle.close();
}
