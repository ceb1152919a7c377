import {
  LADDER_KIND_LABEL,
  LADDER_KIND_PATH,
  PASS_BONUS,
  PASS_PERCENT,
  POINTS_PER_CORRECT,
  PRACTICE_SIZE,
} from "@tongjian/domain/ladder";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/ladder-introduce";
import "../features/ladder/ladder.css";

// 天梯介绍 (/ladderintroduce): what the ladders are and how levels, stars, 积分, the gate and
// the review list work. The numbers are the rules' own (domain/ladder).
export async function loader({ context }: Route.LoaderArgs) {
  return { ladders: await context.services.ladders.list(context.viewer) };
}

export function meta() {
  return [
    { title: `天梯介绍 - ${PRODUCT_NAME}` },
    { name: "description", content: "天梯怎么玩：关卡、星级、积分、试学与开通、错题复习。" },
  ];
}

export default function LadderIntroduceRoute({ loaderData: d }: Route.ComponentProps) {
  return (
    <main className="tj-ladder">
      <h1 className="tj-ladder__title">天梯怎么玩</h1>
      <p className="tj-ladder__lead">
        天梯把历史知识排成一级一级的关卡。每一关有几个知识点的课文和延伸阅读，读完做练习，
        过关就能往上爬。
      </p>
      <section className="tj-section" aria-labelledby="tj-intro-ladders">
        <h2 className="tj-section__title" id="tj-intro-ladders">
          三条天梯
        </h2>
        <ul className="tj-ladder__table">
          {d.ladders.map((l) => (
            <li key={l.id}>
              <AppLink to={LADDER_KIND_PATH[l.kind]}>{l.title}</AppLink>
              <span className="tj-ladder__meta">
                {LADDER_KIND_LABEL[l.kind]} · {l.levelCount} 关
              </span>
            </li>
          ))}
        </ul>
        <p className="tj-ladder__meta">
          文史天梯从先秦讲到近代；少儿天梯讲给小学生听；新闻天梯从今天的新闻说起，讲背后的历史。
        </p>
      </section>
      <section className="tj-section" aria-labelledby="tj-intro-rules">
        <h2 className="tj-section__title" id="tj-intro-rules">
          关卡、星级与积分
        </h2>
        <ul className="tj-ladder__lessons">
          <li className="tj-ladder__lesson">
            <p>
              每关练习最多 {PRACTICE_SIZE} 题，先出适合这条天梯年级的题。答对 {PASS_PERCENT}%
              即过关，下一关随即解锁。
            </p>
          </li>
          <li className="tj-ladder__lesson">
            <p>星级：答对 {PASS_PERCENT}% 得 1 星，80% 得 2 星，全对得 3 星。每关记最好的一次。</p>
          </li>
          <li className="tj-ladder__lesson">
            <p>
              积分：每关最好成绩每答对一题 {POINTS_PER_CORRECT} 分，第一次过关再加 {PASS_BONUS}{" "}
              分；重做只有成绩更好时才加分。
              <AppLink to="/wenshiladder/pointslist">查看我的积分</AppLink>
            </p>
          </li>
        </ul>
      </section>
      <section className="tj-section" aria-labelledby="tj-intro-gate">
        <h2 className="tj-section__title" id="tj-intro-gate">
          试学与开通
        </h2>
        <p className="tj-ladder__lead">
          每条天梯的前一两关是试学关卡，人人可学，不登录也能练（成绩先存在这台设备上，登录后合并到账号）。
          其余关卡可以看到课文目录，练习需要开通天梯课程。
        </p>
        <p className="tj-ladder__links">
          <AppLink className="tj-button" to="/laddersample">
            免费试学
          </AppLink>
          <AppLink to="/productDetail/ladder">开通天梯课程</AppLink>
        </p>
      </section>
      <section className="tj-section" aria-labelledby="tj-intro-review">
        <h2 className="tj-section__title" id="tj-intro-review">
          错题复习
        </h2>
        <p className="tj-ladder__lead">
          做错的题自动进入错题本，按间隔重复（FSRS）安排复习：刚做错的题马上就能复习，
          复习答对了，下次复习的间隔会越拉越长；又答错了，就很快再来一次。
        </p>
        <p className="tj-ladder__links">
          <AppLink to="/learnrecord/practicelist">去复习</AppLink>
          <AppLink to="/learnrecord/questionlist">错题本</AppLink>
        </p>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
