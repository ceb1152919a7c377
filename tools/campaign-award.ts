// `npm run campaign:award -- <key>`: gives a work campaign's prizes by place (文史奖励,
// 作品征集; decision 46) once it has ended. The places are fixed by the first run; each prize
// goes through the campaign engine, which gives a reward once per account, phone and WeChat
// unionid, so running it again gives nothing new. End a campaign early with
// `npm run campaign -- close <key>`. Uses the database of the server's settings (DATABASE_URL,
// SQLITE_PATH, DATA_DIR …).
import { workCampaign } from "@tongjian/domain/campaign-works";
import { ServiceError } from "@tongjian/services/service-error";
import { closeDeps, createDeps } from "../apps/api/src/create-deps.ts";
import { readServerConfig } from "../apps/api/src/server-config.ts";

const [key] = process.argv.slice(2).filter((a) => a !== "--");
if (!key || !workCampaign(key)) {
  console.error("用法：npm run campaign:award -- <wenshireward|workcollection>");
  process.exit(2);
}
const deps = await createDeps({ ...readServerConfig(process.env), seedOnStart: false });
try {
  const { places, alreadyAwarded } = await deps.services.campaignWorks.award(key);
  if (places.length === 0) console.log(`活动 ${key} 没有获赞的作品，无人获奖`);
  for (const p of places)
    console.log(
      `第 ${p.place} 名  作品 ${p.workId}  作者 ${p.ownerId}  奖励 ${p.reward}  ${p.given ? "已发放" : "此前已发放"}`,
    );
  if (alreadyAwarded) console.log("名次在第一次评奖时已确定；本次只补发了尚未发放的奖励");
} catch (error) {
  if (error instanceof ServiceError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
} finally {
  await closeDeps(deps);
}
