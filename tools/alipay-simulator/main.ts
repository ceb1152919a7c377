// `npm run dev:alipay`: the Alipay simulator on its own port, for local development. Its keys
// are kept in data/alipay-simulator-keys.json, so the site's settings stay valid across restarts.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { generateRsaKeyPair } from "./alipay-sign.ts";
import { ALIPAY_SIMULATOR_DEFAULTS, startAlipaySimulator } from "./alipay-simulator.ts";

const env = process.env;
const keysFile = env.ALIPAY_SIM_KEYS_FILE ?? "data/alipay-simulator-keys.json";
let keys: { alipayPrivateKey: string; appPrivateKey: string };
if (existsSync(keysFile)) keys = JSON.parse(readFileSync(keysFile, "utf8"));
else {
  keys = {
    alipayPrivateKey: generateRsaKeyPair().privateKey,
    appPrivateKey: generateRsaKeyPair().privateKey,
  };
  mkdirSync(dirname(keysFile), { recursive: true });
  writeFileSync(keysFile, JSON.stringify(keys, null, 2), { mode: 0o600 });
}

const simulator = await startAlipaySimulator({
  port: Number(env.ALIPAY_SIM_PORT ?? 4020),
  host: env.ALIPAY_SIM_HOST ?? "127.0.0.1",
  appId: env.ALIPAY_APP_ID || ALIPAY_SIMULATOR_DEFAULTS.appId,
  sellerId: env.ALIPAY_SELLER_ID || ALIPAY_SIMULATOR_DEFAULTS.sellerId,
  alipayPrivateKey: keys.alipayPrivateKey,
  appPrivateKey: keys.appPrivateKey,
});

const settings = Object.entries(simulator.env)
  .map(([name, value]) => `${name}=${value}`)
  .join(" \\\n  ");
console.log(
  `Alipay simulator on ${simulator.url} (keys in ${keysFile}). Start the site with:\n\n  ${settings} \\\n  npm run dev\n\n` +
    `Test controls: POST ${simulator.url}/sim/pay?out_trade_no=…|pay_url=…&notify=0, /sim/notify?out_trade_no=…&times=N&delay_ms=D,\n` +
    `/sim/notify/out-of-order?out_trade_no=…, /sim/notify/forged?out_trade_no=…&kind=…, /sim/bill/line?out_trade_no=…&amount=…;\n` +
    `GET /sim/trades, /sim/deliveries.\n`,
);

const stop = () => {
  void simulator.close().finally(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
