import { contentId } from "@tongjian/content/load-content";
import { layoutMuseum } from "@tongjian/domain/museum-layout";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";

interface Exhibit {
  id: string;
  name: string;
  category: string;
  mount: "卷" | "轴" | "册页" | "扇面" | "画板" | null;
  size: { height: number; width: number } | null;
  artist: string | null;
  dynasty: string | null;
  summary: string;
}
interface Room {
  id: string;
  name: string;
  exhibits: Exhibit[];
}

// The real corpus: the museum hangs what content/works/art.yaml and world.yaml hold.
describe.each(databaseTargets())("museum API on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(target, { CONTENT_DIR: "content" });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string) => {
    const res = await t.app.inject({ method: "GET", url });
    return { status: res.statusCode, body: res.json() };
  };

  it("lists the rooms by era with the corpus's paintings and calligraphy, oldest first", async () => {
    const { status, body } = await get("/api/museum/cn/rooms");
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    const rooms: Room[] = body.data.rooms;
    expect(rooms.map((r) => r.name)).toEqual(["魏晋—唐", "宋元", "域外名作"]);
    const names = (id: string) => rooms.find((r) => r.id === id)?.exhibits.map((e) => e.name);
    expect(names("wei-jin-tang")).toEqual(
      expect.arrayContaining(["女史箴图", "洛神赋图", "兰亭集序", "步辇图", "祭侄文稿"]),
    );
    // 兰亭集序 (353) before 步辇图 (唐初) before 祭侄文稿 (758).
    const weiJinTang = names("wei-jin-tang") ?? [];
    expect(weiJinTang.indexOf("兰亭集序")).toBeLessThan(weiJinTang.indexOf("祭侄文稿"));
    expect(weiJinTang.indexOf("步辇图")).toBeLessThan(weiJinTang.indexOf("祭侄文稿"));
    expect(names("song-yuan")).toEqual([
      "溪山行旅图",
      "早春图",
      "千里江山图",
      "清明上河图",
      "富春山居图",
    ]);
    expect(names("world")).toEqual(["蒙娜丽莎"]);
    expect(body.data.exhibitCount).toBe(11);

    const qianLi = rooms[1]?.exhibits.find((e) => e.name === "千里江山图");
    expect(qianLi).toMatchObject({
      id: contentId("work", "qian-li-jiang-shan-tu"),
      category: "绘画",
      mount: "卷",
      size: { height: 51.5, width: 1191.5 },
      artist: "王希孟",
      dynasty: "北宋",
    });
    expect(qianLi?.summary.length).toBeLessThan(120);
    expect(qianLi?.summary.endsWith("…")).toBe(true);
    // Every room's exhibits hang on its walls.
    const layout = layoutMuseum(rooms);
    expect(layout.exhibits).toHaveLength(11);
  });

  it("answers an unknown language with a clear 400", async () => {
    const { status, body } = await get("/api/museum/en/rooms");
    expect(status).toBe(400);
    expect(body.message).toMatch(/语言参数只支持 cn/);
  });
});
