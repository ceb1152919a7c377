/**
 * The confirm dialog: antd-mobile's Dialog (declarative, `visible`), the two answers side by
 * side, loaded the first time `confirm` is called. The Dialog component is imported without its
 * static methods (Dialog.show, .alert, .confirm), which would bring a render-to-body path and its
 * helpers (~4 KB gzip) that the shell does not use.
 */
import { Dialog } from "antd-mobile/es/components/dialog/dialog";
import "antd-mobile/es/components/dialog/dialog.css";
import { useLastShown, useMounted } from "./popup-layer-base.ts";
import type { ConfirmDialog } from "./shell-popups.tsx";

export default function ConfirmLayer({
  dialog,
  answerDialog,
}: {
  dialog: ConfirmDialog | null;
  answerDialog: (ok: boolean) => void;
}) {
  const mounted = useMounted();
  const shown = mounted && Boolean(dialog?.show);
  const view = useLastShown(dialog, shown);
  return (
    <Dialog
      visible={shown}
      destroyOnClose
      className="tj-confirm"
      aria-label={view?.title}
      title={view?.title}
      content={view?.content}
      actions={[
        [
          { key: "cancel", text: view?.cancelText, onClick: () => answerDialog(false) },
          {
            key: "confirm",
            text: view?.confirmText,
            bold: true,
            onClick: () => answerDialog(true),
          },
        ],
      ]}
    />
  );
}
