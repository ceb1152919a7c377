import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { CourseGateNotice, KpNav, MasteryBadge } from "../features/knowledge-points/kp-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/knowledgepoint-product";
import "../features/books/books.css";
import "../features/knowledge-points/knowledge-points.css";

const COURSE_KEY = /^(era|theme)-[a-z-]+$/;
const POINT_REF = /^[a-z0-9-]{1,60}$/;

// 知识点课程 (/knowledgepoint/product/{course} and /knowledgepoint/product/{course}/{point}):
// a course's syllabus, and one lesson of it. The first two lessons are free; the others need
// the learning product (`account.learning_access`) and show their title and the way to it.
export async function loader({ context, params }: Route.LoaderArgs) {
  const [key = "", point, ...more] = (params["*"] ?? "").replace(/\/$/, "").split("/");
  const kp = context.services.knowledgePoints;
  if (key === "")
    return { kind: "catalogue", catalogue: await kp.courses(context.viewer) } as const;
  if (!COURSE_KEY.test(key) || more.length > 0) throw notFound("没有这门课程");
  if (point === undefined)
    return {
      kind: "course",
      course: await orNotFound(kp.course(context.viewer, key), "没有这门课程"),
    } as const;
  if (!POINT_REF.test(point)) throw notFound("这门课程没有这个知识点");
  return {
    kind: "lesson",
    lesson: await orNotFound(kp.courseLesson(context.viewer, key, point), "这门课程没有这个知识点"),
  } as const;
}

export function meta({ data: d }: Route.MetaArgs) {
  const title =
    d?.kind === "course"
      ? d.course.course.title
      : d?.kind === "lesson"
        ? `${d.lesson.title} · ${d.lesson.course.title}`
        : "知识点课程";
  return [{ title: `${title} - ${PRODUCT_NAME}` }];
}

export default function CoursePage({ loaderData: d }: Route.ComponentProps) {
  if (d.kind === "catalogue")
    return (
      <main className="tj-books tj-kp">
        <h1 className="tj-books__title">知识点课程</h1>
        <KpNav current="courses" />
        <CourseGateNotice catalogue={d.catalogue} />
        <ul className="tj-kp__links">
          {d.catalogue.courses.map((c) => (
            <li key={c.key}>
              <AppLink to={`/knowledgepoint/product/${c.key}`}>{c.title}</AppLink>
            </li>
          ))}
        </ul>
      </main>
    );
  if (d.kind === "course") {
    const { course, syllabus } = d.course;
    return (
      <main className="tj-books tj-kp">
        <KpNav current="courses" />
        <h1 className="tj-books__title">{course.title}</h1>
        <p className="tj-books__meta">
          {course.points} 课 · {course.questions} 道练习题
        </p>
        <CourseGateNotice catalogue={d.course} />
        <h2 className="tj-section__title">课程大纲</h2>
        <ol className="tj-kp__points" data-testid="kp-syllabus">
          {syllabus.map((s) => (
            <li key={s.point.id} className="tj-kp__point" data-open={s.open}>
              {s.open ? (
                <AppLink
                  to={`/knowledgepoint/product/${course.key}/${s.point.id}`}
                  className="tj-kp__point-link"
                >
                  <span className="tj-kp__point-title">
                    第 {s.position + 1} 课 {s.point.title}
                  </span>
                  <span className="tj-kp__point-meta">
                    {s.position < course.free && !d.course.hasAccess ? "免费试学 · " : ""}
                    {s.point.questionCount} 道题
                  </span>
                </AppLink>
              ) : (
                <span className="tj-kp__point-link tj-kp__point-link--locked">
                  <span className="tj-kp__point-title">
                    第 {s.position + 1} 课 {s.point.title}
                  </span>
                  <span className="tj-kp__point-meta">开通后可学</span>
                </span>
              )}
              <MasteryBadge mastery={s.point.mastery} />
            </li>
          ))}
        </ol>
      </main>
    );
  }
  const l = d.lesson;
  const lessonHref = (id: string) => `/knowledgepoint/product/${l.course.key}/${id}`;
  return (
    <main className="tj-books tj-kp">
      <p className="tj-books__meta">
        <AppLink to={`/knowledgepoint/product/${l.course.key}`}>{l.course.title}</AppLink> · 第{" "}
        {l.position + 1} 课
      </p>
      <h1 className="tj-books__title">{l.title}</h1>
      {l.point ? (
        <>
          <section className="tj-kp__lesson" aria-label="讲解">
            {l.point.lesson.map((para) => (
              <p key={para}>{para}</p>
            ))}
          </section>
          <ul className="tj-kp__tags" aria-label="相关词条">
            {l.point.entries.map((e) => (
              <li key={e.id}>
                <AppLink to={`/detail/${e.id}`}>{e.name}</AppLink>
              </li>
            ))}
          </ul>
          <AppLink
            className="tj-button tj-button--block"
            to={`/knowledgepoint/question?id=${l.point.id}`}
          >
            练习本课 {l.point.questionCount} 道题
          </AppLink>
        </>
      ) : (
        <CourseGateNotice catalogue={l} />
      )}
      <nav className="tj-kp__actions" aria-label="上一课与下一课">
        {l.prev && (
          <AppLink className="tj-button tj-button--ghost" to={lessonHref(l.prev.id)}>
            上一课：{l.prev.title}
          </AppLink>
        )}
        {l.next && (
          <AppLink className="tj-button tj-button--ghost" to={lessonHref(l.next.id)}>
            下一课：{l.next.title}
          </AppLink>
        )}
      </nav>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
