import type { LiveChannel } from "@tongjian/contracts/video";

/**
 * The live programme: sessions of the 文史 and 少儿 channels. Their times are offsets from the
 * moment the programme is first laid out (the first time the live pages are asked for on a new
 * database), so a new deployment shows sessions that have ended (回放), one on air (直播中) and
 * ones to come (预告). Each session's stream, and its replay, is one of the sample videos.
 */
export interface ProgrammeSession {
  key: string;
  channel: LiveChannel;
  title: string;
  host: string;
  summary: string;
  /**
   * When it starts: `day` days from the day the programme is laid out at `at` (Beijing time),
   * or `startMinutes` from that moment (on the quarter hour) for a session on air then.
   */
  start: { day: number; at: string } | { startMinutes: number };
  minutes: number;
  videoId: string;
}

export const LIVE_PROGRAMME: readonly ProgrammeSession[] = [
  {
    key: "qin-han-yi-tong",
    channel: "wenshi",
    title: "秦汉：一统之后怎样治理天下",
    host: "通鉴文史直播间",
    summary: "从郡县、文字与度量衡的统一讲起，看秦汉如何把辽阔的疆域连成一个国家。",
    start: { day: -3, at: "19:30" },
    minutes: 60,
    videoId: "qin-han-da-shi",
  },
  {
    key: "sui-tang-sheng-shuai",
    channel: "wenshi",
    title: "隋唐五代：盛世是怎样转折的",
    host: "通鉴文史直播间",
    summary: "沿着隋灭陈、玄武门之变到五代更迭的时间线，聊一聊制度与人事怎样改变一个时代。",
    start: { startMinutes: -30 },
    minutes: 6 * 60,
    videoId: "sui-tang-da-shi",
  },
  {
    key: "song-yuan-bing-li",
    channel: "wenshi",
    title: "宋辽金元：并立与更替",
    host: "通鉴文史直播间",
    summary: "几个政权同时并存的年代，和议、变法与战争交织，这场直播按年份把线索理清。",
    start: { day: 2, at: "19:30" },
    minutes: 60,
    videoId: "song-yuan-da-shi",
  },
  {
    key: "ming-qing-bian-ju",
    channel: "wenshi",
    title: "明清：五百年里的变与不变",
    host: "通鉴文史直播间",
    summary: "从明朝建立到清朝后期，挑出六个节点，看制度、边疆与海上的变化。",
    start: { day: 6, at: "20:00" },
    minutes: 90,
    videoId: "ming-qing-da-shi",
  },
  {
    key: "shao-er-qin-han",
    channel: "young",
    title: "少儿讲堂：秦始皇统一了什么",
    host: "通鉴少儿直播间",
    summary: "文字、车轨、钱币和长城——用小朋友听得懂的话，讲讲两千多年前的大统一。",
    start: { day: -2, at: "16:00" },
    minutes: 40,
    videoId: "qin-han-da-shi",
  },
  {
    key: "shao-er-song-yuan",
    channel: "young",
    title: "少儿讲堂：宋朝人的一天",
    host: "通鉴少儿直播间",
    summary: "宋朝的城市有夜市、有瓦舍，这一讲沿着时间线认识宋辽金元的几件大事。",
    start: { startMinutes: -15 },
    minutes: 4 * 60,
    videoId: "song-yuan-da-shi",
  },
  {
    key: "shao-er-zao-zhi",
    channel: "young",
    title: "少儿讲堂：纸是怎样造出来的",
    host: "通鉴少儿直播间",
    summary: "从竹简、缣帛到蔡伦改进造纸术，一起看看写字的材料怎样变得轻便又便宜。",
    start: { day: 3, at: "16:00" },
    minutes: 40,
    videoId: "qin-han-da-shi",
  },
];

const QUARTER = 15 * 60_000;
const BEIJING = 8 * 3600_000;

/** When a session of the programme starts, for a programme laid out at `layout`. */
export function programmeStart(session: ProgrammeSession, layout: Date): Date {
  const { start } = session;
  if ("startMinutes" in start)
    return new Date(Math.floor(layout.getTime() / QUARTER) * QUARTER + start.startMinutes * 60_000);
  const [hours = 0, minutes = 0] = start.at.split(":").map(Number);
  // Midnight of the layout's day in Beijing, as a UTC instant.
  const midnight = Math.floor((layout.getTime() + BEIJING) / 86_400_000) * 86_400_000 - BEIJING;
  return new Date(midnight + start.day * 86_400_000 + (hours * 60 + minutes) * 60_000);
}
