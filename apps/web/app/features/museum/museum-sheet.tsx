/**
 * The sheet of an exhibit, from the bottom: antd-mobile's Popup, loaded the first time an exhibit
 * is tapped (docs/decisions/0014-antd-mobile-pop-ups-on-demand.md). Unlike the shell's summary
 * sheet it stays open on a tap inside, since it holds a link to the work's page.
 */
import type { MuseumExhibit } from "@tongjian/contracts/museum";
import { formatWorkSize } from "@tongjian/domain/work-mounts";
import Popup from "antd-mobile/es/components/popup";
import { useEffect, useRef } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { useLastShown, useMounted } from "../../shell/popup-layer-base.ts";

const MOUNT_NAMES: Record<string, string> = {
  卷: "手卷",
  轴: "立轴",
  册页: "册页",
  扇面: "扇面",
  画板: "木板或画布",
};

export default function MuseumSheet({
  exhibit,
  roomName,
  onClose,
}: {
  exhibit: MuseumExhibit | null;
  roomName: string | null;
  onClose: () => void;
}) {
  const mounted = useMounted();
  const shown = mounted && exhibit !== null;
  const view = useLastShown(exhibit, shown);
  const title = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!shown) return;
    title.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [shown, onClose]);

  const facts = view
    ? [
        ["作者", view.artist],
        ["朝代", view.dynasty],
        ["年代", view.timeDesc],
        [view.category === "书法" ? "书体" : "画科", view.form],
        ["形制", view.mount ? MOUNT_NAMES[view.mount] : null],
        ["尺寸", view.size ? formatWorkSize(view.size) : null],
        ["收藏", view.holder],
      ].filter((f): f is [string, string] => typeof f[1] === "string" && f[1] !== "")
    : [];

  return (
    <Popup
      visible={shown}
      position="bottom"
      onClose={onClose}
      onMaskClick={onClose}
      destroyOnClose
      bodyClassName="tj-museum-sheet__body"
    >
      {view && (
        <div
          className="tj-museum-sheet"
          role="dialog"
          aria-modal="true"
          aria-labelledby="museum-sheet-title"
          data-testid="museum-sheet"
        >
          <div className="tj-museum-sheet__head">
            <h2 id="museum-sheet-title" ref={title} tabIndex={-1}>
              {view.name}
            </h2>
            <button type="button" className="tj-museum-sheet__close" onClick={onClose}>
              关闭
            </button>
          </div>
          {roomName && <p className="tj-museum-sheet__room">{roomName}展厅</p>}
          <dl className="tj-museum-sheet__facts">
            {facts.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <p className="tj-museum-sheet__summary">{view.summary}</p>
          <p className="tj-museum-sheet__note">展厅中的画面是示意图，并非原作图像。</p>
          <AppLink className="tj-button tj-button--block" to={`/detail/${view.id}`}>
            查看作品详情
          </AppLink>
        </div>
      )}
    </Popup>
  );
}
