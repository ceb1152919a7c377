import { describe, expect, it } from "vitest";
import {
  afterLoadWhenIdle,
  registerServiceWorker,
  reportPageShown,
  SERVICE_WORKER_URL,
} from "./offline-reading.ts";
import { offlineNotice } from "./platform.tsx";

function fakeWindow(readyState: DocumentReadyState, idle: boolean) {
  const calls: string[] = [];
  let onLoad: (() => void) | undefined;
  const win = {
    document: { readyState },
    addEventListener: (type: string, listener: () => void) => {
      calls.push(`listen:${type}`);
      onLoad = listener;
    },
    setTimeout: (callback: () => void) => {
      calls.push("timeout");
      callback();
      return 1;
    },
    ...(idle
      ? {
          requestIdleCallback: (callback: () => void, options?: { timeout: number }) => {
            calls.push(`idle:${options?.timeout}`);
            callback();
            return 1;
          },
        }
      : {}),
  };
  return {
    win: win as unknown as Parameters<typeof afterLoadWhenIdle>[0],
    calls,
    load: () => onLoad?.(),
  };
}

function fakeContainer(controlled: boolean) {
  const posted: unknown[] = [];
  const listeners = new Map<string, () => void>();
  const registered: [string, RegistrationOptions | undefined][] = [];
  const container = {
    controller: controlled ? { postMessage: (message: unknown) => posted.push(message) } : null,
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    register: async (url: string, options?: RegistrationOptions) => {
      registered.push([url, options]);
      return {};
    },
  };
  return {
    container: container as unknown as ServiceWorkerContainer,
    posted,
    registered,
    takeControl: () => {
      container.controller = { postMessage: (message: unknown) => posted.push(message) };
      listeners.get("controllerchange")?.();
    },
  };
}

describe("offline reading, page side (decision 16)", () => {
  it("starts only after the load event, when the browser is idle", () => {
    const loading = fakeWindow("loading", true);
    let started = 0;
    afterLoadWhenIdle(loading.win, () => started++);
    expect(started).toBe(0);
    expect(loading.calls).toEqual(["listen:load"]);
    loading.load();
    expect(started).toBe(1);
    expect(loading.calls).toEqual(["listen:load", "idle:2000"]);

    // Already loaded, and no requestIdleCallback (Safari): the next task.
    const loaded = fakeWindow("complete", false);
    afterLoadWhenIdle(loaded.win, () => started++);
    expect(started).toBe(2);
    expect(loaded.calls).toEqual(["timeout"]);
  });

  it("reports the shown page only to a worker in control", () => {
    const free = fakeContainer(false);
    reportPageShown(free.container, "/detail/x", "李白 - 通鉴");
    reportPageShown(undefined, "/detail/x", "李白 - 通鉴");
    expect(free.posted).toEqual([]);
    const controlled = fakeContainer(true);
    reportPageShown(controlled.container, "/ah/war?id=1", "赤壁之战 - 通鉴");
    expect(controlled.posted).toEqual([
      { type: "page-shown", url: "/ah/war?id=1", title: "赤壁之战 - 通鉴" },
    ]);
  });

  it("registers the worker for the whole site and reports the first page once it takes control", () => {
    const first = fakeContainer(false);
    registerServiceWorker(
      first.container,
      () => "/ah/article/a",
      () => "长平之战 - 通鉴",
    );
    expect(first.registered).toEqual([[SERVICE_WORKER_URL, { scope: "/" }]]);
    expect(first.posted).toEqual([]);
    first.takeControl();
    expect(first.posted).toEqual([
      { type: "page-shown", url: "/ah/article/a", title: "长平之战 - 通鉴" },
    ]);
  });

  it("says in the offline notice whether saved pages are shown", () => {
    expect(offlineNotice(true)).toBe("网络已断开，正在显示已保存的内容");
    expect(offlineNotice(false)).toBe("网络已断开，恢复后会自动重新加载内容");
  });
});
