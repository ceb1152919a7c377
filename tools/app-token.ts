// `npm run app:token -- --user <app user id> [--phone 13800138000] [--name 读者] [--days 7]`:
// prints an app token as the app's backend issues it (decision 18, docs/accounts.md), signed
// with APP_TOKEN_SECRET, or the development secret the server uses outside production.
import { parseArgs } from "node:util";
import { issueAppToken } from "@tongjian/services/accounts/app-token";
import { DEVELOPMENT_APP_TOKEN_SECRET } from "../apps/api/src/server-config.ts";

const { values } = parseArgs({
  options: {
    user: { type: "string" },
    phone: { type: "string" },
    name: { type: "string" },
    avatar: { type: "string" },
    days: { type: "string", default: "7" },
  },
});

if (!values.user) {
  console.error(
    "用法：npm run app:token -- --user <App 用户 id> [--phone 138…] [--name 名字] [--days 7]",
  );
  process.exit(2);
}
const secret = process.env.APP_TOKEN_SECRET || DEVELOPMENT_APP_TOKEN_SECRET;
if (!process.env.APP_TOKEN_SECRET)
  console.error("APP_TOKEN_SECRET 未设置：使用开发用密钥（仅非生产环境的服务器接受）");
const token = await issueAppToken(
  secret,
  {
    appUserId: values.user,
    phone: values.phone ?? null,
    name: values.name ?? null,
    avatar: values.avatar ?? null,
  },
  { lifetimeSeconds: Number(values.days) * 24 * 60 * 60 },
);
console.log(token);
