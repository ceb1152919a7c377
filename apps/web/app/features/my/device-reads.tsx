import type { DeviceRead, ReadKind } from "@tongjian/domain/device-history";
import { deviceTop } from "@tongjian/domain/device-history-list";
import { useEffect, useState } from "react";
import { clearDeviceHistory, readDeviceHistory } from "./device-history.ts";
import { ago, MyItemList } from "./my-items.tsx";

/**
 * The reading history kept on this device, for a reader who is not signed in (issue 16). The
 * server cannot know it, so it is read after the page has loaded; until then the list says so.
 */
export function DeviceReads({
  mode,
  kind,
  limit,
}: {
  mode: "recent" | "top";
  kind?: ReadKind | undefined;
  limit?: number;
}) {
  const [reads, setReads] = useState<DeviceRead[] | null>(null);
  useEffect(() => setReads(readDeviceHistory()), []);

  if (reads === null)
    return (
      <p className="tj-my-empty" role="status">
        正在读取这台设备上的阅读记录…
      </p>
    );
  const shown = (
    mode === "top" ? deviceTop(reads, kind) : reads.filter((r) => !kind || r.kind === kind)
  ).slice(0, limit);
  if (shown.length === 0)
    return (
      <p className="tj-my-empty" data-testid="device-reads-empty">
        还没有阅读记录。读过的词条和文章会记在这台设备上，登录后并入你的账号。
      </p>
    );
  const now = Date.now();
  return (
    <>
      <MyItemList
        items={shown.map((r) => ({ ...r, type: r.kind }))}
        rank={mode === "top"}
        testId="device-reads"
        meta={(r) => (mode === "top" ? `读过 ${r.n} 次 · 最近 ${ago(r.at, now)}` : ago(r.at, now))}
      />
      <p className="tj-my-note">
        以上记录只保存在这台设备上，登录后会并入你的账号。
        <button
          type="button"
          className="tj-link-button"
          onClick={() => {
            clearDeviceHistory();
            setReads([]);
          }}
        >
          清除本机记录
        </button>
      </p>
    </>
  );
}
