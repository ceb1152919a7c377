import type { Reminder } from "@tongjian/contracts/study-records";
import type { LiveReminderList } from "@tongjian/contracts/video";
import type { BrowserApi } from "./browser-api.ts";
import type { NativeBridge } from "./native-bridge.ts";

/**
 * Inside the app, the phone's own notifications remind the reader: `setReminder` hands the app
 * all of the reader's reminders at once (docs/native-bridge.md), the weekly study reminders and
 * the live sessions they signed up for (one notification each, the lead time before the start),
 * and the app drops what is no longer listed. So every change, on the study reminders page or a
 * live session's page, sends both; if either cannot be read nothing is sent, so that nothing is
 * dropped by mistake. Outside the app it does nothing.
 */
export async function syncAppReminders(
  api: Pick<BrowserApi, "get">,
  bridge: NativeBridge,
): Promise<void> {
  if (!bridge.available) return;
  const [study, live] = await Promise.all([
    api.get<Reminder[]>("/api/studyrecord/y/reminders"),
    api.get<LiveReminderList>("/api/live/y/reminders"),
  ]);
  await bridge.call("setReminder", {
    reminders: study,
    url: "/studyrecord",
    once: live.list
      .filter((r) => r.state === "预告")
      .map((r) => ({
        id: `live:${r.key}`,
        at: r.remindAt,
        title: "直播即将开始",
        body: `你预约的直播《${r.title}》${live.leadMinutes} 分钟后开播`,
        url: r.path,
      })),
  });
}
