import { describe, expect, it } from "vitest";
import { BRIDGE_REPLY, createNativeBridge } from "./native-bridge.ts";

type Reply = { ok: boolean; data?: unknown; error?: string };

function iosWindow() {
  const posted: { id: string; method: string; params: unknown }[] = [];
  const win: Record<string, unknown> = {
    webkit: {
      messageHandlers: {
        tongjian: { postMessage: (m: (typeof posted)[number]) => posted.push(m) },
      },
    },
  };
  const reply = (id: string, r: Reply) =>
    (win[BRIDGE_REPLY] as (id: string, r: Reply) => void)(id, r);
  return { win, posted, reply };
}

const IOS_APP = { isNativeApp: true, isIosApp: true, isAndroidApp: false };

describe("native bridge", () => {
  it("posts messages to the iOS handler and resolves answered calls by id", async () => {
    const w = iosWindow();
    const bridge = createNativeBridge(IOS_APP, w.win);
    const pending = bridge.call("getUserInfo", {});
    const message = w.posted[0];
    expect(message?.method).toBe("getUserInfo");
    w.reply(message?.id ?? "", { ok: true, data: { username: "读者", bearer: "t" } });
    await expect(pending).resolves.toEqual({ username: "读者", bearer: "t" });
  });

  it("sends JSON text to the Android interface and does not wait for fire-and-forget calls", async () => {
    const sent: string[] = [];
    const bridge = createNativeBridge(
      { isNativeApp: true, isIosApp: false, isAndroidApp: true },
      { TongjianBridge: { postMessage: (m: string) => sent.push(m) } },
    );
    await bridge.call("setTitle", { title: "贞观之治" });
    expect(JSON.parse(sent[0] ?? "{}")).toMatchObject({
      method: "setTitle",
      params: { title: "贞观之治" },
    });
  });

  it("rejects on an error reply, on timeout, and outside the app", async () => {
    const w = iosWindow();
    const bridge = createNativeBridge(IOS_APP, w.win, 20);
    const failing = bridge.call("getDeviceInfo", {});
    w.reply(w.posted[0]?.id ?? "", { ok: false, error: "拒绝" });
    await expect(failing).rejects.toThrow("拒绝");
    await expect(bridge.call("getFont", {})).rejects.toThrow("未响应");
    const outside = createNativeBridge(
      { isNativeApp: false, isIosApp: false, isAndroidApp: false },
      {},
    );
    expect(outside.available).toBe(false);
    await expect(outside.call("close", {})).rejects.toThrow("通鉴App");
  });
});
