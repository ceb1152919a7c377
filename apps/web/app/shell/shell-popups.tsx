import type { EntryIntro } from "@tongjian/contracts/content";
import { DETAIL_POPUP_IMAGE_SIZE_PX } from "@tongjian/domain/image-url";
import { detailDescriptionLimit, truncateText } from "@tongjian/domain/text-length";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useNavigate } from "react-router";
import { TOAST_DESCRIPTION_SCROLL_HEIGHT_PX } from "./layout.ts";
import { wakeApp } from "./open-app.ts";
import { OpenAppButton } from "./open-app-button.tsx";
import { usePlatform } from "./platform.tsx";
import "./shell-popups.css";

/** Spec §3 "Pop-up fields". */
export interface DetailPopup {
  show: boolean;
  loading: boolean;
  success: boolean;
  error: boolean;
  id: string;
  title: string;
  image: string | null;
  desc: string;
}

export interface DownloadPopup {
  show: boolean;
  type: "black" | "white";
  text: string;
  option: boolean;
  url: string;
  onCancel?: () => void;
}

export interface ToastSheet {
  show: boolean;
  type: "SUMMARY" | "relation";
  name: string;
  id?: string;
  desc: string;
  from?: string;
  to?: string;
  relation?: string;
  direction?: "twoway" | "one-way";
  position?: string;
  time?: string;
}

export interface ConfirmDialog {
  show: boolean;
  title: string;
  content: string;
  confirmText: string;
  cancelText: string;
  resolve?: (ok: boolean) => void;
}

export const DOWNLOAD_DEFAULT_TEXT = "即将打开通鉴App，阅读体验更完整";
export const DETAIL_ERROR_TEXT = "目标内容暂不存在";
export const DETAIL_ERROR_HINT = "可以前往通鉴电脑版创建相关内容";

const CLOSED_DETAIL: DetailPopup = {
  show: false,
  loading: true,
  success: false,
  error: false,
  id: "",
  title: "",
  image: null,
  desc: "",
};

interface ShellPopupsApi {
  openDetail: (id: string) => void;
  showDownload: (options?: Partial<Omit<DownloadPopup, "show" | "type">>) => void;
  confirm: (options: {
    title: string;
    content: string;
    confirmText?: string;
    cancelText?: string;
  }) => Promise<boolean>;
  showToastSheet: (sheet: Omit<ToastSheet, "show">) => void;
  setLoading: (loading: boolean, text?: string) => void;
  /** The WeChat / QQ / Weibo mask that shows how to open the page in the system browser. */
  showBrowserHint: () => void;
}

const ShellPopupsContext = createContext<ShellPopupsApi | null>(null);

export function useShellPopups(): ShellPopupsApi {
  const api = useContext(ShellPopupsContext);
  if (!api) throw new Error("useShellPopups outside ShellPopupsProvider");
  return api;
}

export function ShellPopupsProvider({
  children,
  enabled,
}: {
  children: ReactNode;
  enabled: boolean;
}) {
  const navigate = useNavigate();
  const [detail, setDetail] = useState<DetailPopup>(CLOSED_DETAIL);
  const [download, setDownload] = useState<DownloadPopup>({
    show: false,
    type: "white",
    text: "",
    option: false,
    url: "",
  });
  const [toast, setToast] = useState<ToastSheet | null>(null);
  const [dialog, setDialog] = useState<ConfirmDialog | null>(null);
  const [loading, setLoadingState] = useState<{ show: boolean; text: string }>({
    show: false,
    text: "",
  });
  const [browserHint, setBrowserHint] = useState(false);
  const { env, api: platformApi } = usePlatform();
  const request = useRef(0);

  const openDetail = useCallback(
    (id: string) => {
      const ticket = ++request.current;
      setDetail({ ...CLOSED_DETAIL, show: true, loading: true, id });
      platformApi
        .get<EntryIntro>(`/api/item/intro/cn/${id}`)
        .then((data) => {
          if (ticket !== request.current) return;
          const limit = detailDescriptionLimit(Boolean(data.imageUrl));
          setDetail({
            show: true,
            loading: false,
            success: true,
            error: false,
            id,
            title: data.name,
            image: data.imageUrl,
            desc: truncateText(data.summary, limit),
          });
        })
        .catch(() => {
          if (ticket !== request.current) return;
          // Spec §4: on failure the fields are cleared and loading stops.
          setDetail({ ...CLOSED_DETAIL, show: true, loading: false, error: true, id });
        });
    },
    [platformApi],
  );

  const closeDownload = useCallback(() => setDownload((d) => ({ ...d, show: false })), []);

  const closeDetail = useCallback(() => {
    request.current += 1;
    setDetail((d) => ({ ...d, show: false, error: false, loading: true }));
  }, []);

  // Escape closes whatever can be dismissed, for keyboard and screen-reader users.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      closeDetail();
      setToast(null);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [closeDetail]);

  const api = useMemo<ShellPopupsApi>(
    () => ({
      openDetail,
      showDownload: (options = {}) =>
        setDownload({
          show: true,
          type: "white",
          text: options.text || DOWNLOAD_DEFAULT_TEXT,
          option: options.option ?? false,
          url:
            options.url ??
            (typeof window !== "undefined"
              ? window.location.pathname + window.location.search
              : "/"),
          ...(options.onCancel ? { onCancel: options.onCancel } : {}),
        }),
      confirm: (options) =>
        new Promise<boolean>((resolve) =>
          setDialog({
            show: true,
            title: options.title,
            content: options.content,
            confirmText: options.confirmText ?? "确定",
            cancelText: options.cancelText ?? "取消",
            resolve,
          }),
        ),
      showToastSheet: (sheet) => setToast({ ...sheet, show: true }),
      setLoading: (show, text = "加载中…") => setLoadingState({ show, text }),
      showBrowserHint: () => setBrowserHint(true),
    }),
    [openDetail],
  );

  return (
    <ShellPopupsContext.Provider value={api}>
      {children}
      {enabled && detail.show && (
        <div className="tj-mask" onClick={closeDetail} role="presentation">
          <div
            className="tj-popup tj-detail-popup"
            role="dialog"
            aria-modal="true"
            aria-label="词条摘要"
            data-state={detail.loading ? "loading" : detail.error ? "error" : "success"}
            onClick={(e) => e.stopPropagation()}
          >
            <button
              type="button"
              className="tj-popup__close"
              aria-label="关闭"
              onClick={closeDetail}
            >
              ×
            </button>
            {detail.loading && <div className="tj-spinner" role="status" aria-label="加载中" />}
            {detail.error && (
              <div className="tj-detail-popup__error">
                <p className="tj-detail-popup__title">{DETAIL_ERROR_TEXT}</p>
                <p className="tj-detail-popup__desc">{DETAIL_ERROR_HINT}</p>
              </div>
            )}
            {detail.success && (
              <>
                <div className="tj-detail-popup__head">
                  {detail.image && (
                    <img
                      src={detail.image}
                      alt={detail.title}
                      width={DETAIL_POPUP_IMAGE_SIZE_PX}
                      height={DETAIL_POPUP_IMAGE_SIZE_PX}
                    />
                  )}
                  <p className="tj-detail-popup__title">{detail.title}</p>
                </div>
                <p className="tj-detail-popup__desc">{detail.desc}</p>
                <button
                  type="button"
                  className="tj-button tj-button--block"
                  onClick={() => {
                    const id = detail.id;
                    closeDetail();
                    navigate(`/detail/${id}?seeMore=1`);
                  }}
                >
                  查看详情
                </button>
              </>
            )}
          </div>
        </div>
      )}
      {enabled && download.show && (
        <div className="tj-mask" role="presentation">
          <div
            className={`tj-popup tj-download-popup tj-download-popup--${download.type}`}
            role="dialog"
            aria-modal="true"
            aria-label="打开App"
          >
            <p className="tj-download-popup__text">{download.text}</p>
            <div className="tj-popup__actions">
              {download.option ? (
                <>
                  <button
                    type="button"
                    className="tj-button tj-button--ghost"
                    onClick={() => {
                      download.onCancel?.();
                      setDownload((d) => ({ ...d, show: false }));
                    }}
                  >
                    取消
                  </button>
                  <OpenAppButton
                    className="tj-button"
                    url={download.url}
                    onSettled={closeDownload}
                    onPress={() => {
                      closeDownload();
                      // Spec §4: WeChat, Weibo and QQ cannot open other apps by scheme, so the
                      // mask layer shows how to open the page in the system browser instead.
                      if (env.showMaskLayer) setBrowserHint(true);
                      else wakeApp(download.url);
                    }}
                  >
                    前往
                  </OpenAppButton>
                </>
              ) : (
                <button
                  type="button"
                  className="tj-button tj-button--block"
                  onClick={() => setDownload((d) => ({ ...d, show: false }))}
                >
                  我知道了
                </button>
              )}
            </div>
          </div>
        </div>
      )}
      {enabled && dialog?.show && (
        <div className="tj-mask" role="presentation">
          <div
            className="tj-popup tj-dialog"
            role="alertdialog"
            aria-modal="true"
            aria-label={dialog.title}
          >
            <p className="tj-dialog__title">{dialog.title}</p>
            <p className="tj-dialog__content">{dialog.content}</p>
            <div className="tj-popup__actions">
              <button
                type="button"
                className="tj-button tj-button--ghost"
                onClick={() => {
                  dialog.resolve?.(false);
                  setDialog(null);
                }}
              >
                {dialog.cancelText}
              </button>
              <button
                type="button"
                className="tj-button"
                onClick={() => {
                  dialog.resolve?.(true);
                  setDialog(null);
                }}
              >
                {dialog.confirmText}
              </button>
            </div>
          </div>
        </div>
      )}
      {enabled && toast?.show && (
        // Spec §4: the toast closes on a tap on its layer.
        <div
          className="tj-mask tj-mask--sheet"
          onClick={() => setToast(null)}
          role="presentation"
          data-testid="toast-layer"
        >
          <div className="tj-sheet" role="dialog" aria-label={toast.name} data-type={toast.type}>
            <p className="tj-sheet__title">
              {toast.type === "relation" && toast.from && toast.to
                ? `${toast.from} ${toast.direction === "twoway" ? "⇄" : "→"} ${toast.to}：${toast.relation ?? ""}`
                : toast.name}
            </p>
            {(toast.position || toast.time) && (
              <p className="tj-sheet__meta">
                {[toast.time, toast.position].filter(Boolean).join(" · ")}
              </p>
            )}
            <div
              className="tj-sheet__desc"
              style={{ maxHeight: TOAST_DESCRIPTION_SCROLL_HEIGHT_PX }}
            >
              {toast.desc}
            </div>
          </div>
        </div>
      )}
      {enabled && browserHint && (
        <div
          className="tj-mask tj-mask--hint"
          onClick={() => setBrowserHint(false)}
          role="presentation"
          data-testid="browser-hint"
        >
          <div className="tj-browser-hint">
            <svg className="tj-browser-hint__arrow" viewBox="0 0 96 96" aria-hidden="true">
              <path d="M14 88C26 52 48 28 82 14" strokeDasharray="7 6" />
              <path d="M64 8l19 5-8 18" />
            </svg>
            <p className="tj-browser-hint__text">
              点击右上角 <strong>···</strong>
              <br />
              选择「在浏览器中打开」
              <br />
              即可打开通鉴App
            </p>
          </div>
        </div>
      )}
      {enabled && loading.show && (
        <div className="tj-mask tj-mask--clear" role="presentation">
          <div className="tj-popup tj-loading-popup" role="status">
            <div className="tj-spinner" />
            <span>{loading.text}</span>
          </div>
        </div>
      )}
    </ShellPopupsContext.Provider>
  );
}
