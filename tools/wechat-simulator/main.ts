// `npm run dev:wechat`: the WeChat simulator on its own port, for local development.
import { SIMULATOR_MERCHANT_KEY_FILE } from "./wechat-pay-simulator.ts";
import { SIMULATOR_DEFAULTS, startWeChatSimulator } from "./wechat-simulator.ts";

const env = process.env;
const simulator = await startWeChatSimulator({
  port: Number(env.WECHAT_SIM_PORT ?? 4010),
  host: env.WECHAT_SIM_HOST ?? "127.0.0.1",
  appId: env.WECHAT_APP_ID || SIMULATOR_DEFAULTS.appId,
  appSecret: env.WECHAT_APP_SECRET || SIMULATOR_DEFAULTS.appSecret,
  mchId: env.WECHAT_MCH_ID || SIMULATOR_DEFAULTS.mchId,
  ...(env.WECHAT_PAY_API_V3_KEY ? { apiV3Key: env.WECHAT_PAY_API_V3_KEY } : {}),
});

// The merchant key is a multi-line PEM: the site reads the simulator's test key from its file.
const settings = Object.entries(simulator.env)
  .filter(([name]) => name !== "WECHAT_PAY_PRIVATE_KEY")
  .concat([["WECHAT_PAY_PRIVATE_KEY_FILE", SIMULATOR_MERCHANT_KEY_FILE]])
  .map(([name, value]) => `${name}=${value}`)
  .join(" \\\n  ");
console.log(
  `WeChat simulator on ${simulator.url}. Start the site with:\n\n  ${settings} \\\n  npm run dev\n\n` +
    "WeChat Pay notifies PUBLIC_ORIGIN/api/pay/notify/wechat (or WECHAT_PAY_NOTIFY_URL).\n",
);

const stop = () => {
  void simulator.close().finally(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
