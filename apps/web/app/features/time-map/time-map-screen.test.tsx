// @vitest-environment happy-dom

import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type {
  TimeMapEvent,
  TimeMapRegime,
  TimeMapYearData,
  TimeMapYearsData,
} from "@tongjian/contracts/time-map";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TimeMapScreen, type TimeMapScreenData } from "./time-map-screen.tsx";
import { ADDRESS_SETTLE_MS } from "./year-address.ts";

// A small made-up answer of the year API, for the screen's behaviour only (the real data is
// the services', exercised by the browser journeys).
const RANGE = { min: -2070, max: 2024 };

function regime(id: string, name: string, color: string): TimeMapRegime {
  return {
    id,
    key: id,
    name,
    timeDesc: "某年—某年",
    parent: null,
    color,
    approx: true,
    source: "composed",
    note: `${name}的疆域为近似。`,
    period: { from: -221, to: -207 },
    label: [108, 34],
    geometry: {
      type: "MultiPolygon",
      coordinates: [
        [
          [
            [100, 30],
            [110, 30],
            [110, 40],
            [100, 40],
            [100, 30],
          ],
        ],
      ],
    },
  };
}

function event(id: string, name: string, year: number, regimeId: string | null): TimeMapEvent {
  return {
    id,
    name,
    year,
    end: null,
    timeDesc: year < 0 ? `前${-year}年` : `${year}年`,
    category: "政治",
    regimeId,
    lng: 108.7,
    lat: 34.3,
    place: { id: "p1", name: "咸阳" },
    summary: `${name}的简介。`,
  };
}

function yearData(year: number, regimes: TimeMapRegime[], extra: Partial<TimeMapYearData> = {}) {
  return {
    year,
    label: year < 0 ? `前${-year}年` : `${year}年`,
    range: RANGE,
    span: 10,
    regimes,
    events: [],
    capitals: [],
    ...extra,
  } satisfies TimeMapYearData;
}

const ANSWERS: Record<string, TimeMapYearData> = {
  "1949": yearData(1949, [regime("prc", "中华人民共和国", "#c0392b")]),
  "-221": yearData(-221, [regime("qin", "秦", "#34495e")], {
    events: [event("e1", "秦灭六国", -221, "qin"), event("w1", "罗马某事", -218, null)],
  }),
  "1127": yearData(1127, [regime("nan-song", "南宋", "#16a085"), regime("jin", "金", "#8e44ad")]),
  "2024": yearData(2024, [regime("prc", "中华人民共和国", "#c0392b")], {
    clamped: {
      requested: 3000,
      message: "地图的年代范围是前2070年到2024年，3000年晚于最晚的年份，已显示2024年",
    },
  }),
};

const YEARS: TimeMapYearsData = {
  range: RANGE,
  defaultYear: 1949,
  years: [
    { year: -221, label: "前221年", title: "秦统一", kind: "regime", refId: "qin" },
    { year: 1949, label: "1949年", title: "中华人民共和国成立", kind: "regime", refId: "prc" },
  ],
};

const envelope = (data: unknown, code = 200) =>
  new Response(JSON.stringify({ code, message: code === 200 ? "" : "出错了", data }), {
    status: code === 200 ? 200 : 500,
    headers: { "content-type": "application/json" },
  });

let failing = new Set<string>();
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), "http://localhost");
  if (url.pathname.endsWith("/base")) return new Response("{}", { status: 503 });
  const year = url.searchParams.get("year") ?? "";
  if (url.pathname.endsWith("/people"))
    return envelope({
      year: Number(year),
      label: "",
      range: RANGE,
      total: 1,
      people: [
        {
          id: "lisi",
          name: "李斯",
          timeDesc: "？—前208年",
          birth: -284,
          death: -208,
          rank: 0,
          regimeId: "qin",
          place: { id: "p2", name: "上蔡", lng: 114.2, lat: 33.2 },
        },
      ],
    });
  if (url.pathname.endsWith("/world"))
    return envelope({
      year: Number(year),
      label: "",
      range: RANGE,
      span: 50,
      events: [event("w1", "罗马某事", -218, null)],
    });
  if (failing.has(year)) return envelope(null, 600);
  const key = year === "3000" ? "2024" : year;
  const answer = ANSWERS[key];
  return answer ? envelope(answer) : envelope(null, 600);
});

beforeEach(() => {
  failing = new Set();
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
  // The map's and the failing year's errors are logged; they are expected here.
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  window.history.replaceState(null, "", "/home/timemap");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function strip(d: TimeMapYearData) {
  return { ...d, regimes: d.regimes.map(({ geometry: _g, ...r }) => r) };
}

/** The screen's data for the next render (a route component cannot take props). */
let screenData: TimeMapScreenData | null = null;

function Screen() {
  return screenData ? <TimeMapScreen title="时空地图" data={screenData} /> : null;
}

function renderScreen(initial: TimeMapYearData, extra: Partial<TimeMapScreenData> = {}) {
  screenData = {
    initial: strip(initial),
    years: YEARS,
    place: null,
    notice: null,
    focus: null,
    ...extra,
  };
  const Stub = createRoutesStub([{ path: "/home/timemap", Component: Screen }]);
  render(<Stub initialEntries={["/home/timemap"]} />);
}

/** Long enough for the address to follow a year that stays. */
const SETTLED = { timeout: ADDRESS_SETTLE_MS + 1500 };

const listed = () =>
  [...document.querySelectorAll("[data-testid=timemap-regimes] .tj-timemap__regime-name")].map(
    (a) => a.textContent,
  );

describe("the time map screen", () => {
  it("shows the year, its regimes as a list and an accessible slider before the map draws", async () => {
    renderScreen(ANSWERS["1949"] as TimeMapYearData);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("时空地图");
    expect(screen.getByTestId("timemap-year").textContent).toBe("1949年");
    expect(listed()).toEqual(["中华人民共和国"]);
    const slider = screen.getByRole("slider", { name: "年份" });
    expect(slider.getAttribute("aria-valuetext")).toBe("1949年");
    // The drawing module cannot run here (no canvas): the map says so and offers a retry.
    await screen.findByRole("button", { name: "重新加载地图" });
    expect(screen.getByRole("alert").textContent).toContain("地图没有加载出来");
  });

  it("moves to a year from the slider and the years list, writing it into the address once it stays", async () => {
    renderScreen(ANSWERS["1949"] as TimeMapYearData);
    const slider = screen.getByRole("slider", { name: "年份" });
    fireEvent.change(slider, { target: { value: "-221" } });
    expect(slider.getAttribute("aria-valuetext")).toBe("前221年");
    await waitFor(() => expect(listed()).toEqual(["秦"]));
    expect(screen.getByRole("heading", { name: /前221年的政权/ })).toBeTruthy();
    // The address follows once the year has stayed, not in the step's own moment.
    expect(window.location.search).toBe("");
    await waitFor(() => expect(window.location.search).toBe("?year=-221"), SETTLED);
    fireEvent.click(screen.getByRole("button", { name: /中华人民共和国成立/ }));
    await waitFor(() => expect(listed()).toEqual(["中华人民共和国"]));
    expect(
      screen.getByRole("button", { name: /中华人民共和国成立/ }).getAttribute("aria-pressed"),
    ).toBe("true");
    // A link followed before then writes it first, so going back returns to the year left.
    expect(window.location.search).toBe("?year=-221");
    const stay = (e: Event) => e.preventDefault();
    document.addEventListener("click", stay, true);
    fireEvent.click(screen.getByRole("link", { name: "中华人民共和国" }));
    document.removeEventListener("click", stay, true);
    expect(window.location.search).toBe("?year=1949");
  });

  it("writes a run of steps into the address once, when the year stays", async () => {
    renderScreen(ANSWERS["1949"] as TimeMapYearData);
    const replace = vi.spyOn(window.history, "replaceState");
    const slider = screen.getByRole("slider", { name: "年份" });
    for (const value of ["1126", "-221", "1126", "-221"])
      fireEvent.change(slider, { target: { value } });
    await waitFor(() => expect(listed()).toEqual(["秦"]));
    await waitFor(() => expect(window.location.search).toBe("?year=-221"), SETTLED);
    expect(replace).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message for a year outside the range and the clamped year", async () => {
    renderScreen(ANSWERS["1949"] as TimeMapYearData);
    fireEvent.change(screen.getByLabelText("跳到年份"), { target: { value: "3000" } });
    fireEvent.click(screen.getByRole("button", { name: "跳转" }));
    await screen.findByTestId("timemap-notice");
    expect(screen.getByTestId("timemap-notice").textContent).toContain("晚于最晚的年份");
    await waitFor(() => expect(screen.getByTestId("timemap-year").textContent).toBe("2024年"));
    // Something that is no year is refused at the field.
    fireEvent.change(screen.getByLabelText("跳到年份"), { target: { value: "秦朝" } });
    fireEvent.click(screen.getByRole("button", { name: "跳转" }));
    expect(screen.getByText("请输入年份，如 1127、前221")).toBeTruthy();
  });

  it("says when a year fails to load and asks again on 重试", async () => {
    failing.add("1127");
    renderScreen(ANSWERS["1949"] as TimeMapYearData);
    fireEvent.change(screen.getByRole("slider", { name: "年份" }), { target: { value: "1126" } });
    await screen.findByText("1127年的地图数据没有加载出来。");
    failing.delete("1127");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "重试" }));
    });
    await waitFor(() => expect(listed()).toEqual(["南宋", "金"]));
  });

  it("opens an event from the list in the sheet, with its year and the link to its entry", async () => {
    renderScreen(ANSWERS["-221"] as TimeMapYearData);
    const events = screen.getByTestId("timemap-events");
    // The world's events wait for their own switch.
    expect(events.textContent).not.toContain("罗马某事");
    fireEvent.click(screen.getByRole("button", { name: /秦灭六国/ }));
    const sheet = screen.getByRole("dialog", { name: "秦灭六国" });
    expect(sheet.textContent).toContain("前221年 · 咸阳");
    expect(sheet.querySelector("a")?.getAttribute("href")).toBe("/detail/e1");
    fireEvent.click(screen.getByRole("button", { name: "关闭" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("lists the people alive and the world's events on demand", async () => {
    renderScreen(ANSWERS["-221"] as TimeMapYearData);
    const people = screen.getByRole("button", { name: "那年在世的人物" });
    expect(people.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(people);
    expect(people.getAttribute("aria-pressed")).toBe("true");
    await screen.findByTestId("timemap-people");
    expect(screen.getByTestId("timemap-people").textContent).toContain("李斯");
    fireEvent.click(screen.getByRole("button", { name: "同期世界大事" }));
    await screen.findByTestId("timemap-world");
    expect(screen.getByTestId("timemap-world").textContent).toContain("罗马某事");
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain(
      "/api/timemap/cn/people?year=-221",
    );
  });
});
