import { createHash } from "node:crypto";
import { jsapiSignatureBase } from "@tongjian/domain/wechat-signature";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SIMULATOR_JSSDK_PATH,
  startWeChatSimulator,
  type WeChatSimulator,
} from "./wechat-simulator.ts";

describe("WeChat simulator", () => {
  let sim: WeChatSimulator;
  beforeAll(async () => {
    sim = await startWeChatSimulator();
  });
  afterAll(async () => {
    await sim?.close();
  });

  const getJson = async (path: string, query: Record<string, string>) =>
    (await fetch(`${sim.url}${path}?${new URLSearchParams(query)}`)).json();
  const cgiToken = (secret = sim.appSecret) =>
    getJson("/cgi-bin/token", { grant_type: "client_credential", appid: sim.appId, secret });
  const authorize = async (query: Record<string, string>) =>
    fetch(`${sim.url}/connect/oauth2/authorize?${new URLSearchParams(query)}#wechat_redirect`, {
      redirect: "manual",
    });

  it("issues an access_token and a jsapi ticket, and refuses bad credentials", async () => {
    const { access_token, expires_in } = await cgiToken();
    expect(expires_in).toBe(7200);
    expect(
      await getJson("/cgi-bin/ticket/getticket", { access_token, type: "jsapi" }),
    ).toMatchObject({ errcode: 0, errmsg: "ok", expires_in: 7200, ticket: expect.any(String) });
    expect(await cgiToken("wrong")).toMatchObject({ errcode: 40001 });
    expect(
      await getJson("/cgi-bin/token", {
        grant_type: "client_credential",
        appid: "wx0",
        secret: "x",
      }),
    ).toMatchObject({ errcode: 40013 });
    expect(
      await getJson("/cgi-bin/ticket/getticket", { access_token: "nope", type: "jsapi" }),
    ).toMatchObject({ errcode: 40001 });
  });

  it("checks wx.config signatures against the tickets it issued, as WeChat does", async () => {
    const { access_token } = await cgiToken();
    const { ticket } = await getJson("/cgi-bin/ticket/getticket", { access_token, type: "jsapi" });
    const url = "https://h5.example.cn/ah/article/1?x=1";
    const signature = createHash("sha1")
      .update(
        jsapiSignatureBase({ jsapiTicket: ticket, nonceStr: "n1", timestamp: 1700000000, url }),
      )
      .digest("hex");
    const verify = async (query: Record<string, string>) =>
      (await fetch(`${sim.url}/sim/jssdk/verify?${new URLSearchParams(query)}`)).text();
    const base = { appId: sim.appId, timestamp: "1700000000", nonceStr: "n1", url, callback: "cb" };
    expect(await verify({ ...base, signature })).toBe('cb({"ok":true,"errMsg":"config:ok"});');
    expect(await verify({ ...base, url: `${url}&y=2`, signature })).toContain(
      "config:invalid signature",
    );
    expect(await verify({ ...base, appId: "wx0", signature })).toContain("config:invalid appid");
    const badCallback = await fetch(
      `${sim.url}/sim/jssdk/verify?${new URLSearchParams({ ...base, signature, callback: "a;alert(1)" })}`,
    );
    expect(badCallback.status).toBe(400);
    const sdk = await fetch(`${sim.url}${SIMULATOR_JSSDK_PATH}`);
    expect(sdk.headers.get("content-type")).toContain("javascript");
    expect(await sdk.text()).toContain(sim.env.WECHAT_OPEN_APP_ID);
  });

  it("retires an old token five minutes after a new one, and expires tokens after 7200 s", async () => {
    const first = (await cgiToken()).access_token;
    await cgiToken();
    const ticket = (access_token: string) =>
      getJson("/cgi-bin/ticket/getticket", { access_token, type: "jsapi" });
    expect((await ticket(first)).errcode).toBe(0);
    sim.advanceClock(301);
    expect((await ticket(first)).errcode).toBe(42001);
    const latest = (await cgiToken()).access_token;
    sim.advanceClock(7201);
    expect((await ticket(latest)).errcode).toBe(42001);
  });

  it("runs web OAuth: authorize redirects with code and state, the code works once", async () => {
    const res = await authorize({
      appid: sim.appId,
      redirect_uri: "https://h5.example.cn/ah/article/1?from=share",
      response_type: "code",
      scope: "snsapi_userinfo",
      state: "s1",
    });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get("location") ?? "");
    expect(back.pathname).toBe("/ah/article/1");
    expect(back.searchParams.get("from")).toBe("share");
    expect(back.searchParams.get("state")).toBe("s1");
    const code = back.searchParams.get("code") ?? "";
    const exchange = () =>
      getJson("/sns/oauth2/access_token", {
        appid: sim.appId,
        secret: sim.appSecret,
        code,
        grant_type: "authorization_code",
      });
    const token = await exchange();
    expect(token).toMatchObject({
      openid: sim.openIdOf("default"),
      scope: "snsapi_userinfo",
      expires_in: 7200,
    });
    expect(token.unionid).toMatch(/^o[\w-]{27}$/);
    expect((await exchange()).errcode).toBe(40163);

    const info = await getJson("/sns/userinfo", {
      access_token: token.access_token,
      openid: token.openid,
      lang: "zh_CN",
    });
    expect(info).toMatchObject({
      nickname: "模拟读者",
      openid: token.openid,
      unionid: token.unionid,
    });
    expect(
      await getJson("/sns/userinfo", { access_token: token.access_token, openid: "o-other" }),
    ).toMatchObject({ errcode: 40003 });
    expect(
      await getJson("/sns/oauth2/access_token", {
        appid: sim.appId,
        secret: sim.appSecret,
        code: "unknown",
        grant_type: "authorization_code",
      }),
    ).toMatchObject({ errcode: 40029 });
  });

  it("refuses a snsapi_base token on userinfo and a bad scope on authorize", async () => {
    const base = await authorize({
      appid: sim.appId,
      redirect_uri: "https://h5.example.cn/",
      response_type: "code",
      scope: "snsapi_base",
      sim_user: "alt",
    });
    const code = new URL(base.headers.get("location") ?? "").searchParams.get("code") ?? "";
    const token = await getJson("/sns/oauth2/access_token", {
      appid: sim.appId,
      secret: sim.appSecret,
      code,
      grant_type: "authorization_code",
    });
    expect(token.openid).toBe(sim.openIdOf("alt"));
    expect(
      await getJson("/sns/userinfo", { access_token: token.access_token, openid: token.openid }),
    ).toMatchObject({ errcode: 48001 });
    const bad = await authorize({
      appid: sim.appId,
      redirect_uri: "https://h5.example.cn/",
      response_type: "code",
      scope: "snsapi_login",
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("scope");
  });

  it("answers the official account's subscriber info, follows and unfollows by hand", async () => {
    const { access_token } = await cgiToken();
    const openid = sim.openIdOf("alt");
    expect(await getJson("/cgi-bin/user/info", { access_token, openid })).toMatchObject({
      subscribe: 0,
      openid,
      unionid: sim.unionIdOf("alt"),
    });
    const follow = await fetch(`${sim.url}/sim/mp/follow?user=alt&follow=1`, { method: "POST" });
    expect(await follow.json()).toEqual({ user: "alt", following: true });
    const info = await getJson("/cgi-bin/user/info", { access_token, openid });
    expect(info).toMatchObject({ subscribe: 1, subscribe_time: expect.any(Number) });
    sim.setFollowing("alt", false);
    expect(await getJson("/cgi-bin/user/info", { access_token, openid })).toMatchObject({
      subscribe: 0,
    });
    expect(
      await getJson("/cgi-bin/user/info", { access_token, openid: "o-unknown" }),
    ).toMatchObject({
      errcode: 40003,
    });
    expect(await getJson("/cgi-bin/user/info", { access_token: "stale", openid })).toMatchObject({
      errcode: 40001,
    });
  });

  it("makes one QR code per scene, URL schemes to published pages only, and 企业微信 contacts", async () => {
    const { access_token } = await cgiToken();
    const post = async (path: string, token: string, body: unknown) =>
      (
        await fetch(`${sim.url}${path}?access_token=${token}`, {
          method: "POST",
          body: JSON.stringify(body),
        })
      ).json();
    const scene = {
      action_name: "QR_LIMIT_STR_SCENE",
      action_info: { scene: { scene_str: "s1" } },
    };
    const first = await post("/cgi-bin/qrcode/create", access_token, scene);
    expect(first.url).toMatch(/^http:\/\/weixin\.qq\.com\/q\//);
    expect(await post("/cgi-bin/qrcode/create", access_token, scene)).toEqual(first);
    expect(sim.qrContentOf("s1")).toBe(first.url);

    const mini = await getJson("/cgi-bin/token", {
      grant_type: "client_credential",
      appid: sim.env.WECHAT_MINI_APP_ID ?? "",
      secret: sim.env.WECHAT_MINI_APP_SECRET ?? "",
    });
    const jump = (path: string, days = 30) => ({
      jump_wxa: { path, query: "" },
      is_expire: true,
      expire_type: 1,
      expire_interval: days,
    });
    expect(
      await post("/wxa/generatescheme", mini.access_token, jump("pages/index/index")),
    ).toMatchObject({
      errcode: 0,
      openlink: expect.stringMatching(/^weixin:\/\/dl\/business\/\?t=/),
    });
    expect(await post("/wxa/generatescheme", mini.access_token, jump("pages/nope"))).toMatchObject({
      errcode: 40165,
    });
    expect(
      await post("/wxa/generatescheme", mini.access_token, jump("pages/index/index", 31)),
    ).toMatchObject({
      errcode: 40097,
    });
    // The official account's token is not the mini program's.
    expect(
      await post("/wxa/generatescheme", access_token, jump("pages/index/index")),
    ).toMatchObject({
      errcode: 40001,
    });

    const wecom = await getJson("/cgi-bin/gettoken", {
      corpid: sim.env.WECOM_CORP_ID ?? "",
      corpsecret: sim.env.WECOM_SECRET ?? "",
    });
    const contact = await getJson("/cgi-bin/externalcontact/get", {
      access_token: wecom.access_token,
      external_userid: sim.externalUserIdOf("alt"),
    });
    expect(contact).toMatchObject({
      errcode: 0,
      external_contact: { name: "司马小光", unionid: sim.unionIdOf("alt") },
      follow_user: [{ userid: "lishi" }],
    });
    expect(
      await getJson("/cgi-bin/externalcontact/get", {
        access_token: wecom.access_token,
        external_userid: "wm-unknown",
      }),
    ).toMatchObject({ errcode: 84061 });
    expect(await getJson("/cgi-bin/gettoken", { corpid: "x", corpsecret: "y" })).toMatchObject({
      errcode: 40013,
    });
  });
});
