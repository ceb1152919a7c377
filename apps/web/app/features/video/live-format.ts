/** A session's time as readers in China read it: `3月5日 周四 19:30`. */
export function formatLiveTime(iso: string): string {
  const parts = new Intl.DateTimeFormat("zh-CN", {
    timeZone: "Asia/Shanghai",
    month: "numeric",
    day: "numeric",
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("month")}月${get("day")}日 ${get("weekday")} ${get("hour")}:${get("minute")}`;
}

export const CHANNEL_TITLE = { wenshi: "文史直播", young: "少儿直播" } as const;
export { livePath } from "@tongjian/domain/video-live";
