import { grade } from "@tongjian/contracts/learning";
import {
  bindBody,
  bindCodeBody,
  bindInfo,
  cardLedger,
  checkinResult,
  clockinMonth,
  dayQuery,
  idParams,
  ladderRecord,
  learnerSummary,
  mockPaper,
  mockResult,
  mockStartBody,
  mockSubmitBody,
  mockView,
  monthQuery,
  planBody,
  reissueBody,
  reissueResult,
  reminder,
  reminderBody,
  reminderDue,
  removed,
  studyDayDetail,
  studyOverview,
  studyPlan,
  studySeries,
  studyStatistics,
  surveyBody,
  surveyParams,
  surveySaved,
  surveyView,
} from "@tongjian/contracts/study-records";
import { requireUser } from "@tongjian/services/accounts/require-login";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["学习记录与打卡"];
const NEEDS_ACCOUNT = "请先登录账号查看学习记录";

/**
 * Study records (/studyrecord/*), plans, reminders, the daily check-in and reissue cards,
 * study binding and surveys (issue 20, decision 32). Everything a reader keeps needs an account.
 */
export function registerStudyRecordRoutes(app: TypedApp, { services }: AppDeps) {
  const { studyRecords: s } = services;
  const user = (viewer: Parameters<typeof requireUser>[0]) => requireUser(viewer, NEEDS_ACCOUNT);
  const noStore = { "cache-control": "private, no-store" };

  app.get(
    "/api/studyrecord/y/overview",
    {
      schema: {
        tags,
        summary: "今天、本周、连续学习天数与累计（需登录）",
        response: replies(studyOverview),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await s.overview(user(request.viewer)));
    },
  );

  app.get(
    "/api/studyrecord/y/series",
    {
      schema: {
        tags,
        summary: "学习时长、答题数与正确率：近 30 天、近 12 周、近 6 个月（需登录）",
        response: replies(studySeries),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await s.series(user(request.viewer)));
    },
  );

  app.get(
    "/api/studyrecord/y/statistics",
    {
      schema: {
        tags,
        summary: "按学习类型统计；按时代与主题统计（来自逐题记录的模拟测试）",
        response: replies(studyStatistics),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await s.statistics(user(request.viewer)));
    },
  );

  app.get(
    "/api/studyrecord/y/day",
    {
      schema: {
        tags,
        summary: "某一天的学习明细（中国日期）",
        querystring: dayQuery,
        response: replies(studyDayDetail),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await s.day(user(request.viewer), request.query.day));
    },
  );

  app.get(
    "/api/studyrecord/y/ladder",
    { schema: { tags, summary: "天梯学习记录，按关卡", response: replies(z.array(ladderRecord)) } },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await s.ladder(user(request.viewer)));
    },
  );

  app.post(
    "/api/studyrecord/y/mock",
    {
      schema: {
        tags,
        summary: "开始（或继续）本年级的模拟测试：固定试卷，不含答案",
        body: mockStartBody,
        response: replies(mockPaper),
      },
    },
    async (request) => ok(await s.startMock(user(request.viewer), request.body.grade)),
  );

  app.get(
    "/api/studyrecord/y/mock/:id",
    {
      schema: {
        tags,
        summary: "一份模拟试卷；交卷后附成绩与解析",
        params: idParams,
        response: replies(mockView),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await s.mock(user(request.viewer), request.params.id));
    },
  );

  app.post(
    "/api/studyrecord/y/mock/:id/submit",
    {
      schema: {
        tags,
        summary: "交卷：服务端判分，只能交一次",
        params: idParams,
        body: mockSubmitBody,
        response: replies(mockResult),
      },
    },
    async (request) =>
      ok(await s.submitMock(user(request.viewer), request.params.id, request.body.answers)),
  );

  app.get(
    "/api/studyrecord/y/mocks",
    {
      schema: {
        tags,
        summary: "最近的模拟测试",
        response: replies(
          z.array(
            z.object({
              id: z.string(),
              grade,
              score: z.number().int().nullable(),
              submittedAt: z.string().nullable(),
              createdAt: z.string(),
            }),
          ),
        ),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await s.recentMocks(user(request.viewer)));
    },
  );

  app.get(
    "/api/studyrecord/y/reminders",
    { schema: { tags, summary: "我的学习提醒", response: replies(z.array(reminder)) } },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await s.reminders(user(request.viewer)));
    },
  );

  app.get(
    "/api/studyrecord/y/reminders/due",
    {
      schema: {
        tags,
        summary: "到时的学习提醒：今天是提醒日、已过提醒时间且今天还没学习（否则为 null）",
        response: replies(reminderDue.nullable()),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await s.dueReminder(user(request.viewer)));
    },
  );

  app.post(
    "/api/studyrecord/y/reminders",
    {
      schema: {
        tags,
        summary: "新增学习提醒：时间、星期、开关（最多 5 个）",
        body: reminderBody,
        response: replies(reminder),
      },
    },
    async (request) => ok(await s.addReminder(user(request.viewer), request.body)),
  );

  app.post(
    "/api/studyrecord/y/reminders/:id",
    {
      schema: {
        tags,
        summary: "修改学习提醒",
        params: idParams,
        body: reminderBody,
        response: replies(reminder),
      },
    },
    async (request) =>
      ok(await s.updateReminder(user(request.viewer), request.params.id, request.body)),
  );

  app.post(
    "/api/studyrecord/y/reminders/:id/remove",
    { schema: { tags, summary: "删除学习提醒", params: idParams, response: replies(removed) } },
    async (request) => ok(await s.removeReminder(user(request.viewer), request.params.id)),
  );

  app.get(
    "/api/studyrecord/y/plan",
    { schema: { tags, summary: "学习计划与本周进度", response: replies(studyPlan) } },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await s.plan(user(request.viewer)));
    },
  );

  app.post(
    "/api/studyrecord/y/plan",
    {
      schema: {
        tags,
        summary: "设定每周目标：每周关数、每天分钟数",
        body: planBody,
        response: replies(studyPlan),
      },
    },
    async (request) => ok(await s.savePlan(user(request.viewer), request.body)),
  );

  app.get(
    "/api/clockin/y/month",
    {
      schema: {
        tags,
        summary: "打卡日历：已打卡、补签、漏打的日子与补签卡数",
        querystring: monthQuery,
        response: replies(clockinMonth),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await s.clockinMonth(user(request.viewer), request.query.month));
    },
  );

  app.post(
    "/api/clockin/y/checkin",
    {
      schema: {
        tags,
        summary: "今日打卡（每天一次，按中国日期）",
        response: replies(checkinResult),
      },
    },
    async (request) => ok(await s.checkIn(user(request.viewer))),
  );

  app.post(
    "/api/clockin/y/reissue",
    {
      schema: {
        tags,
        summary: "用一张补签卡补签最近 7 天内漏打的一天",
        body: reissueBody,
        response: replies(reissueResult),
      },
    },
    async (request) => ok(await s.reissue(user(request.viewer), request.body.day)),
  );

  app.get(
    "/api/clockin/y/cards",
    {
      schema: {
        tags,
        summary: "我的补签卡：余额、获得与使用记录、获得规则",
        response: replies(cardLedger),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await s.cards(user(request.viewer)));
    },
  );

  app.get(
    "/api/bindstudy/y/info",
    {
      schema: {
        tags,
        summary: "我的绑定码、我绑定的学习账号与绑定我的家长或老师",
        response: replies(bindInfo),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await s.bindInfo(user(request.viewer)));
    },
  );

  app.post(
    "/api/bindstudy/y/code",
    {
      schema: {
        tags,
        summary: "家长或老师生成绑定码（24 小时内有效，替换旧码）",
        body: bindCodeBody,
        response: replies(bindInfo),
      },
    },
    async (request) => ok(await s.createBindCode(user(request.viewer), request.body.relation)),
  );

  app.post(
    "/api/bindstudy/y/bind",
    {
      schema: {
        tags,
        summary: "学习者输入绑定码，绑定到家长或老师",
        body: bindBody,
        response: replies(bindInfo),
      },
    },
    async (request) => ok(await s.bind(user(request.viewer), request.body.code)),
  );

  app.post(
    "/api/bindstudy/y/:id/remove",
    {
      schema: {
        tags,
        summary: "解除绑定（双方均可）",
        params: idParams,
        response: replies(bindInfo),
      },
    },
    async (request) => ok(await s.unbind(user(request.viewer), request.params.id)),
  );

  app.get(
    "/api/bindstudy/y/learner/:id",
    {
      schema: {
        tags,
        summary: "已绑定学习账号的学习概况（只读）",
        params: idParams,
        response: replies(learnerSummary),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await s.learnerSummary(user(request.viewer), request.params.id));
    },
  );

  app.get(
    "/api/survey/n/:key",
    {
      schema: {
        tags,
        summary: "问卷、我的回答与汇总（选项人数、平均分；文字意见仅管理员可见）",
        params: surveyParams,
        response: replies(surveyView),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await s.survey(request.viewer, request.params.key));
    },
  );

  app.post(
    "/api/survey/y/:key",
    {
      schema: {
        tags,
        summary: "提交或修改我的问卷回答",
        params: surveyParams,
        body: surveyBody,
        response: replies(surveySaved),
      },
    },
    async (request) =>
      ok(await s.saveSurvey(user(request.viewer), request.params.key, request.body.answers)),
  );
}
