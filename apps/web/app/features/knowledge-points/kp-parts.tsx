import type { CourseCatalogue, MasteryView, PointItem } from "@tongjian/contracts/knowledge-points";
import type { PointCard } from "@tongjian/contracts/learning";
import { GRADE_LABEL, GRADES, type Grade } from "@tongjian/domain/learning";
import { loginPath } from "@tongjian/domain/viewer";
import { useLocation } from "react-router";
import { AppLink } from "../../shell/app-link.tsx";

/** The knowledge points' own pages, as tabs at the top of each. */
const NAV = [
  ["hub", "/knowledgepoint", "知识点"],
  ["list", "/knowlist", "知识清单"],
  ["chips", "/knowledgepoint/chips", "知识碎片"],
  ["courses", "/knowledgepoint/productlist", "课程"],
] as const;

export function KpNav({ current }: { current: (typeof NAV)[number][0] | null }) {
  return (
    <nav aria-label="知识点栏目">
      <ul className="tj-kp__nav">
        {NAV.map(([key, to, label]) => (
          <li key={key}>
            <AppLink to={to} aria-current={key === current ? "page" : undefined}>
              {label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** 全部 / 小学 / 初中 / 高中 / 大众, as links that keep the page's other query. */
export function GradeTabs({
  path,
  grade,
  keep = {},
}: {
  path: string;
  grade: Grade | null;
  keep?: Record<string, string | undefined>;
}) {
  const href = (g: Grade | null) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(keep)) if (v) q.set(k, v);
    if (g) q.set("grade", g);
    const s = q.toString();
    return s ? `${path}?${s}` : path;
  };
  return (
    <ul className="tj-kp__grades" aria-label="按年级筛选">
      {([null, ...GRADES] as (Grade | null)[]).map((g) => (
        <li key={g ?? "all"}>
          <AppLink to={href(g)} aria-current={g === grade ? "true" : undefined}>
            {g ? GRADE_LABEL[g] : "全部"}
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

export function MasteryBadge({ mastery }: { mastery: MasteryView | null }) {
  if (!mastery) return null;
  return (
    <span
      className={`tj-kp__mastery tj-kp__mastery--${mastery.level}`}
      data-mastery={mastery.level}
    >
      {mastery.label}
      {mastery.answered > 0 ? ` · 正确率 ${mastery.accuracy}%` : ""}
    </span>
  );
}

export const pointHref = (p: { id: string }) => `/knowledgepoint/details/${p.id}`;

export function PointRows({
  points,
  empty = "没有符合条件的知识点",
}: {
  points: readonly (PointItem | PointCard)[];
  empty?: string;
}) {
  if (points.length === 0) return <p className="tj-empty">{empty}</p>;
  return (
    <ul className="tj-kp__points">
      {points.map((p) => (
        <li key={p.id} className="tj-kp__point">
          <AppLink to={pointHref(p)} className="tj-kp__point-link">
            <span className="tj-kp__point-title">{p.title}</span>
            <span className="tj-kp__point-meta">
              {p.eraLabel} · {p.themeLabel} · {p.questionCount} 道题
            </span>
          </AppLink>
          {"mastery" in p && <MasteryBadge mastery={p.mastery} />}
        </li>
      ))}
    </ul>
  );
}

/** What a visitor is told where signed-in readers see their own progress. */
export function SignInNotice({ text }: { text: string }) {
  const { pathname, search } = useLocation();
  return (
    <p className="tj-kp__notice" data-testid="kp-signin-notice">
      {text}
      <AppLink className="tj-kp__notice-link" to={loginPath(pathname + search, "user")}>
        登录
      </AppLink>
    </p>
  );
}

/** A QR code the server draws of one of our pages; press it long in WeChat to save or open. */
export function QrImage({ path, label }: { path: string; label: string }) {
  return (
    <figure className="tj-kp__qr">
      <img
        src={`/media/learning/qr.svg?path=${encodeURIComponent(path)}`}
        alt={`${label}的二维码`}
        width={200}
        height={200}
        data-testid="kp-qr"
      />
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** The learning product gate of a course: open to the reader, or the way to open it. */
export function CourseGateNotice({
  catalogue,
}: {
  catalogue: Pick<CourseCatalogue, "hasAccess" | "productPath">;
}) {
  if (catalogue.hasAccess)
    return (
      <p className="tj-kp__notice" data-testid="kp-access">
        你已开通学习产品，全部课程可学。
      </p>
    );
  return (
    <p className="tj-kp__notice" data-testid="kp-gate">
      每门课程的前两个知识点可免费试学，其余内容需开通学习产品。
      <AppLink className="tj-kp__notice-link" to={catalogue.productPath}>
        去开通
      </AppLink>
    </p>
  );
}
