import type { LiveReminderList } from "@tongjian/contracts/video";
import { describe, expect, it, vi } from "vitest";
import { syncAppReminders } from "./app-reminders.ts";
import type { NativeBridge } from "./native-bridge.ts";

const study = [{ id: "r1", time: "20:00", weekdays: [1, 3, 5], enabled: true }];
const live: LiveReminderList = {
  leadMinutes: 10,
  serverTime: "2026-05-01T10:00:00.000Z",
  list: [
    {
      key: "song-yuan-bing-li",
      title: "宋辽金元：并立与更替",
      host: "通鉴文史直播间",
      startsAt: "2026-05-01T11:30:00.000Z",
      endsAt: "2026-05-01T12:30:00.000Z",
      state: "预告",
      reminderState: "待提醒",
      remindAt: "2026-05-01T11:20:00.000Z",
      path: "/wenshilivedetail/song-yuan-bing-li",
    },
    {
      key: "sui-tang-sheng-shuai",
      title: "隋唐五代：盛世是怎样转折的",
      host: "通鉴文史直播间",
      startsAt: "2026-05-01T09:30:00.000Z",
      endsAt: "2026-05-01T15:30:00.000Z",
      state: "直播中",
      reminderState: "已提醒",
      remindAt: "2026-05-01T09:20:00.000Z",
      path: "/wenshilivedetail/sui-tang-sheng-shuai",
    },
  ],
};

function fakes(available: boolean, failing?: string) {
  const call = vi.fn(async () => undefined);
  const bridge = { available, call } as unknown as NativeBridge;
  const get = vi.fn(async (path: string) => {
    if (path === failing) throw new Error("网络异常");
    return (path.startsWith("/api/live/") ? live : study) as never;
  });
  return { bridge, call, api: { get } as never as Parameters<typeof syncAppReminders>[0], get };
}

describe("syncAppReminders", () => {
  it("hands the app the study reminders and each coming live session's, whole", async () => {
    const { api, bridge, call } = fakes(true);
    await syncAppReminders(api, bridge);
    expect(call).toHaveBeenCalledWith("setReminder", {
      reminders: study,
      url: "/studyrecord",
      once: [
        {
          id: "live:song-yuan-bing-li",
          at: "2026-05-01T11:20:00.000Z",
          title: "直播即将开始",
          body: "你预约的直播《宋辽金元：并立与更替》10 分钟后开播",
          url: "/wenshilivedetail/song-yuan-bing-li",
        },
      ],
    });
  });

  it("sends nothing when either list cannot be read, so the app drops nothing", async () => {
    for (const failing of ["/api/studyrecord/y/reminders", "/api/live/y/reminders"]) {
      const { api, bridge, call } = fakes(true, failing);
      await expect(syncAppReminders(api, bridge)).rejects.toThrow("网络异常");
      expect(call).not.toHaveBeenCalled();
    }
  });

  it("does nothing outside the app", async () => {
    const { api, bridge, call, get } = fakes(false);
    await syncAppReminders(api, bridge);
    expect(get).not.toHaveBeenCalled();
    expect(call).not.toHaveBeenCalled();
  });
});
