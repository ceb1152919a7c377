import type { EntryIntro } from "@tongjian/contracts/content";
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { usePlatform } from "./platform.tsx";

// antd-mobile draws the layers; with it they weigh more than the rest of the shell, so they are
// chunks of their own, each fetched the first time one of its pop-ups opens (docs/decisions/0014-antd-mobile-pop-ups-on-demand.md).
const PopupLayers = lazy(() => import("./popup-layers.tsx"));
const ToastSheetLayer = lazy(() => import("./toast-sheet-layer.tsx"));
const ConfirmLayer = lazy(() => import("./confirm-layer.tsx"));

/**
 * Renders its lazily loaded layer from the first time `shown` is true, and keeps it mounted after
 * that, so the pop-up can animate out; a page where it never opens never downloads it.
 */
function OnceShown({ shown, children }: { shown: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(shown);
  if (shown && !mounted) setMounted(true);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

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
  const { api: platformApi } = usePlatform();
  const request = useRef(0);

  const openDetail = useCallback(
    (id: string) => {
      const ticket = ++request.current;
      setDetail({ ...CLOSED_DETAIL, show: true, loading: true, id });
      platformApi
        .get<EntryIntro>(`/api/item/intro/cn/${id}`)
        .then((data) => {
          if (ticket !== request.current) return;
          setDetail({
            show: true,
            loading: false,
            success: true,
            error: false,
            id,
            title: data.name,
            image: data.imageUrl,
            // The layer cuts it to the spec's 60 or 140 (§5) as it draws it.
            desc: data.summary,
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
      setBrowserHint(false);
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

  const answerDialog = useCallback(
    (ok: boolean) => {
      dialog?.resolve?.(ok);
      setDialog(null);
    },
    [dialog],
  );
  const closeToast = useCallback(() => setToast(null), []);

  return (
    <ShellPopupsContext.Provider value={api}>
      {children}
      {/* Spec §2: the black layout has no pop-ups. */}
      {enabled && (
        <>
          <OnceShown shown={detail.show || download.show || browserHint || loading.show}>
            <PopupLayers
              detail={detail}
              download={download}
              loading={loading}
              browserHint={browserHint}
              closeDetail={closeDetail}
              closeDownload={closeDownload}
              setBrowserHint={setBrowserHint}
            />
          </OnceShown>
          <OnceShown shown={Boolean(toast?.show)}>
            <ToastSheetLayer toast={toast} closeToast={closeToast} />
          </OnceShown>
          <OnceShown shown={Boolean(dialog?.show)}>
            <ConfirmLayer dialog={dialog} answerDialog={answerDialog} />
          </OnceShown>
        </>
      )}
    </ShellPopupsContext.Provider>
  );
}
