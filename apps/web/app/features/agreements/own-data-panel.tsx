import type { PersonalDataOverview } from "@tongjian/contracts/agreements";
import { DELETE_CONFIRM_WORD } from "@tongjian/domain/agreement-consent";
import { READING_CACHE } from "@tongjian/domain/reading-index";
import { useId, useState } from "react";
import { ApiRequestError } from "../../shell/api-client.ts";
import { usePlatform } from "../../shell/platform.tsx";
import { useShellPopups } from "../../shell/shell-popups.tsx";

export const EXPORT_URL = "/api/user/personal-data/export";

/** Deleted: the pages this device saved for offline reading go too (as at logout, decision 16). */
async function dropSavedCopies() {
  if (typeof caches === "undefined") return;
  try {
    const names = await caches.keys();
    await Promise.all(
      names
        .filter((name) => name === READING_CACHE || name.startsWith("tj-api-"))
        .map((name) => caches.delete(name)),
    );
  } catch {
    // Storage can be blocked; the account is gone on the server either way.
  }
}

/**
 * 我的个人信息 (decision 40; PIPL 第四十五、四十七条): how many records of each kind the product
 * keeps, a download of all of them as one JSON file, and the deletion of the account, carried
 * out at once after the reader types 注销 and confirms.
 */
export function OwnDataPanel({ overview }: { overview: PersonalDataOverview }) {
  const { api } = usePlatform();
  const popups = useShellPopups();
  const ids = useId();
  const [word, setWord] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    setError("");
    if (word.trim() !== DELETE_CONFIRM_WORD) {
      setError(`请输入“${DELETE_CONFIRM_WORD}”以确认`);
      return;
    }
    const sure = await popups.confirm({
      title: "确认注销账号？",
      content:
        "注销后账号立即删除，无法恢复：点赞、关注、帖子、学习记录等全部删除，未用完的会员与优惠券视为放弃；订单只保留不指向你的交易记录。",
      confirmText: "确认注销",
      cancelText: "再想想",
    });
    if (!sure) return;
    setBusy(true);
    try {
      await api.post("/api/user/personal-data/delete", { confirm: DELETE_CONFIRM_WORD });
      await dropSavedCopies();
      window.location.assign("/agreement/userOwnInfo/deleted");
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : "网络异常，请稍后重试");
      setBusy(false);
    }
  };

  return (
    <>
      <section aria-labelledby={`${ids}-records`}>
        <h2 id={`${ids}-records`}>我们保存的你的记录</h2>
        {overview.groups.map((group) => (
          <div key={group.category}>
            <h3>{group.category}</h3>
            <ul className="tj-agreement__counts" data-testid="own-data-counts">
              {group.sets.map((set) => (
                <li key={set.table} data-table={set.table}>
                  <span>{set.what}</span>
                  <span className="tj-agreement__count">{set.rows} 条</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>

      <section aria-labelledby={`${ids}-export`}>
        <h2 id={`${ids}-export`}>下载我的个人信息</h2>
        <p>
          下载一个 JSON
          文件，包含上面列出的全部记录（密码与登录凭证只保存哈希，不在其中）。文件只在你的设备上保存，请妥善保管。
        </p>
        <div className="tj-agreement__actions">
          <a className="tj-button" href={EXPORT_URL} download data-testid="export-link">
            下载 JSON 文件
          </a>
        </div>
      </section>

      <section aria-labelledby={`${ids}-delete`}>
        <h2 id={`${ids}-delete`}>注销账号</h2>
        <p>
          注销立即生效：你在所有设备上退出登录，上述记录删除；法律要求保存三年的交易记录会保留，但不再指向你，收货地址与
          IP 地址随即清除。建议先下载一份副本。
        </p>
        <div className="tj-agreement__field">
          <label htmlFor={`${ids}-word`}>输入“{DELETE_CONFIRM_WORD}”以确认</label>
          <input
            id={`${ids}-word`}
            value={word}
            maxLength={10}
            autoComplete="off"
            onChange={(e) => setWord(e.target.value)}
          />
        </div>
        <p className="tj-agreement__message" role="alert">
          {error}
        </p>
        <div className="tj-agreement__actions">
          <button
            type="button"
            className="tj-button tj-agreement__danger"
            onClick={remove}
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? "正在注销…" : "注销账号"}
          </button>
        </div>
      </section>
    </>
  );
}
