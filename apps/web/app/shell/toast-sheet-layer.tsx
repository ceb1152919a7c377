/**
 * The relation or summary sheet from the bottom (spec §2 "Bottom toast sheet"): antd-mobile's
 * Popup, loaded the first time a sheet opens (its swipe support weighs ~7 KB gzip, more than the
 * other layers need). Spec §4: a tap on its layer, the sheet included, closes it.
 */
import Popup from "antd-mobile/es/components/popup";
import { TOAST_DESCRIPTION_SCROLL_HEIGHT_PX } from "./layout.ts";
import { useLastShown, useMounted } from "./popup-layer-base.ts";
import type { ToastSheet } from "./shell-popups.tsx";
import "./toast-sheet-layer.css";

export default function ToastSheetLayer({
  toast,
  closeToast,
}: {
  toast: ToastSheet | null;
  closeToast: () => void;
}) {
  const mounted = useMounted();
  const shown = mounted && Boolean(toast?.show);
  const view = useLastShown(toast, shown);
  return (
    <Popup
      visible={shown}
      position="bottom"
      onClose={closeToast}
      closeOnMaskClick
      onClick={closeToast}
      destroyOnClose
      bodyClassName="tj-sheet-body"
      data-testid="toast-layer"
    >
      {view && (
        <div className="tj-sheet" role="dialog" aria-label={view.name} data-type={view.type}>
          <p className="tj-sheet__title">
            {view.type === "relation" && view.from && view.to
              ? `${view.from} ${view.direction === "twoway" ? "⇄" : "→"} ${view.to}：${view.relation ?? ""}`
              : view.name}
          </p>
          {(view.position || view.time) && (
            <p className="tj-sheet__meta">
              {[view.time, view.position].filter(Boolean).join(" · ")}
            </p>
          )}
          <div className="tj-sheet__desc" style={{ maxHeight: TOAST_DESCRIPTION_SCROLL_HEIGHT_PX }}>
            {view.desc}
          </div>
        </div>
      )}
    </Popup>
  );
}
