/**
 * The shell's centred pop-up layers, drawn with antd-mobile: the entry summary, the 打开App
 * prompt, the open-in-browser hint and the loading pop-up. A chunk of its own:
 * ShellPopupsProvider (shell-popups.tsx) keeps the state and the API on every page and loads
 * this module the first time one of these opens (docs/decisions/0014-antd-mobile-pop-ups-on-demand.md); the toast sheet and the
 * confirm dialog have modules of their own. Components come from their own entry points, so only
 * their code and CSS are in the chunk.
 */
import { DETAIL_POPUP_IMAGE_SIZE_PX } from "@tongjian/domain/image-url";
import { detailDescriptionLimit, truncateText } from "@tongjian/domain/text-length";
import CenterPopup from "antd-mobile/es/components/center-popup";
import Mask from "antd-mobile/es/components/mask";
import SpinLoading from "antd-mobile/es/components/spin-loading";
import { useNavigate } from "react-router";
import { wakeApp } from "./open-app.ts";
import { OpenAppButton } from "./open-app-button.tsx";
import { usePlatform } from "./platform.tsx";
import { useLastShown, useMounted } from "./popup-layer-base.ts";
import type { DetailPopup, DownloadPopup } from "./shell-popups.tsx";
import "./popup-layers.css";

/** Spec §8 "error catalogue": the entry-summary pop-up when the entry does not exist. */
export const DETAIL_ERROR_TEXT = "目标内容暂不存在";
export const DETAIL_ERROR_HINT = "可以前往通鉴电脑版创建相关内容";

export interface PopupLayersProps {
  detail: DetailPopup;
  download: DownloadPopup;
  loading: { show: boolean; text: string };
  browserHint: boolean;
  closeDetail: () => void;
  closeDownload: () => void;
  setBrowserHint: (show: boolean) => void;
}

export default function PopupLayers(props: PopupLayersProps) {
  // Mounted because a pop-up opened: it opens one frame later, so it animates in (useMounted).
  const mounted = useMounted();
  const layer = mounted
    ? props
    : {
        ...props,
        detail: { ...props.detail, show: false },
        download: { ...props.download, show: false },
        loading: { ...props.loading, show: false },
        browserHint: false,
      };
  return (
    <>
      <DetailLayer {...layer} />
      <DownloadLayer {...layer} />
      <BrowserHintLayer {...layer} />
      <LoadingLayer {...layer} />
    </>
  );
}

/** Spec §4 "Detail pop-up": the entry summary over the page, closed by its × or the mask. */
function DetailLayer({ detail, closeDetail }: PopupLayersProps) {
  const navigate = useNavigate();
  const view = useLastShown(detail, detail.show) ?? detail;
  return (
    <CenterPopup
      visible={detail.show}
      onClose={closeDetail}
      closeOnMaskClick
      destroyOnClose
      className="tj-center-popup"
    >
      <div
        className="tj-popup tj-detail-popup"
        role="dialog"
        aria-modal="true"
        aria-label="词条摘要"
        data-state={view.loading ? "loading" : view.error ? "error" : "success"}
      >
        <button type="button" className="tj-popup__close" aria-label="关闭" onClick={closeDetail}>
          ×
        </button>
        {view.loading && (
          <div className="tj-detail-popup__loading" role="status" aria-label="加载中">
            <SpinLoading color="primary" />
          </div>
        )}
        {view.error && (
          <div className="tj-detail-popup__error">
            <p className="tj-detail-popup__title">{DETAIL_ERROR_TEXT}</p>
            <p className="tj-detail-popup__desc">{DETAIL_ERROR_HINT}</p>
          </div>
        )}
        {view.success && (
          <>
            <div className="tj-detail-popup__head">
              {view.image && (
                <img
                  src={view.image}
                  alt={view.title}
                  width={DETAIL_POPUP_IMAGE_SIZE_PX}
                  height={DETAIL_POPUP_IMAGE_SIZE_PX}
                />
              )}
              <p className="tj-detail-popup__title">{view.title}</p>
            </div>
            <p className="tj-detail-popup__desc">
              {truncateText(view.desc, detailDescriptionLimit(Boolean(view.image)))}
            </p>
            <button
              type="button"
              className="tj-button tj-button--block"
              onClick={() => {
                const id = view.id;
                closeDetail();
                navigate(`/detail/${id}?seeMore=1`);
              }}
            >
              查看详情
            </button>
            <button
              type="button"
              className="tj-button tj-button--ghost tj-button--block"
              onClick={() => {
                const id = view.id;
                closeDetail();
                navigate(`/relation?id=${id}`);
              }}
            >
              关系图谱
            </button>
          </>
        )}
      </div>
    </CenterPopup>
  );
}

/**
 * Spec §4 "Download pop-up". Our content in a CenterPopup rather than a Dialog with actions:
 * 前往 is an OpenAppButton, which inside WeChat carries the wx-open-launch-app tag.
 */
function DownloadLayer({ download, closeDownload, setBrowserHint }: PopupLayersProps) {
  const { env } = usePlatform();
  return (
    <CenterPopup visible={download.show} destroyOnClose className="tj-center-popup">
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
                  closeDownload();
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
            <button type="button" className="tj-button tj-button--block" onClick={closeDownload}>
              我知道了
            </button>
          )}
        </div>
      </div>
    </CenterPopup>
  );
}

/** WeChat / QQ / Weibo: an arrow to the ··· menu and the steps; a tap anywhere closes it. */
function BrowserHintLayer({ browserHint, setBrowserHint }: PopupLayersProps) {
  return (
    <Mask
      visible={browserHint}
      onMaskClick={() => setBrowserHint(false)}
      color="var(--tj-mask-bg-strong)"
      destroyOnClose
      className="tj-browser-hint-mask"
      // antd hides a mask from assistive technology; this one is the message.
      aria-hidden={false}
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
    </Mask>
  );
}

/** The loading pop-up: a clear mask that holds taps, and the spinner with its text. */
function LoadingLayer({ loading }: PopupLayersProps) {
  return (
    <Mask
      visible={loading.show}
      opacity={0}
      destroyOnClose
      className="tj-loading-mask"
      // The status inside must reach screen readers; antd hides masks from them.
      aria-hidden={false}
    >
      <div className="tj-loading-popup" role="status">
        <SpinLoading color="white" />
        <span>{loading.text}</span>
      </div>
    </Mask>
  );
}
