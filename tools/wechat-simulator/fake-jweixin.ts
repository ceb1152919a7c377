/**
 * A stand-in for WeChat's JS-SDK script (res.wx.qq.com/open/js/jweixin-1.6.0.js), served by the
 * simulator so that browser tests can run the site "inside WeChat" without WeChat:
 * - `wx.config` has its signature checked by the simulator against the jsapi_ticket it issued
 *   (a JSONP call, as the page's CSP allows scripts from the SDK's origin), then calls the
 *   `ready` or `error` callbacks as WeChat does;
 * - `<wx-open-launch-app>` becomes live only after a successful config that lists it in
 *   `openTagList`; a tap on it fires `launch`, or `error` with WeChat's errMsg when
 *   `__wxSim.launchResult` is "error" or the appid is not the app's;
 * - `<wx-open-launch-weapp>` likewise, once listed: a tap fires `launch`, or `error` when its
 *   username is not the mini program's or `__wxSim.launchResult` is "error";
 * - everything is recorded in `window.__wxSim` (configs, shares, launches, payments);
 * - it also sets up `WeixinJSBridge` (fakeWeixinJSBridgeScript below) when the page has none.
 */
export function fakeJweixinScript(
  origin: string,
  openAppId: string,
  miniUsername = "gh_3c9e5a7b1d2f",
): string {
  return `(function () {
  var ORIGIN = ${JSON.stringify(origin)};
  var OPEN_APP_ID = ${JSON.stringify(openAppId)};
  var MINI_USERNAME = ${JSON.stringify(miniUsername)};
  var sim = { status: "idle", configs: [], shares: [], launches: [], openTagList: [], launchResult: "launch", weappLaunches: [] };
  var readyFns = [];
  var errorFns = [];
  var seq = 0;
  function verify(o, done) {
    var name = "__wxSimVerify" + ++seq;
    window[name] = function (res) { delete window[name]; done(res); };
    var q = "appId=" + encodeURIComponent(o.appId) + "&timestamp=" + encodeURIComponent(o.timestamp) +
      "&nonceStr=" + encodeURIComponent(o.nonceStr) + "&signature=" + encodeURIComponent(o.signature) +
      "&url=" + encodeURIComponent(location.href.split("#")[0]) + "&callback=" + name;
    var s = document.createElement("script");
    s.src = ORIGIN + "/sim/jssdk/verify?" + q;
    s.onerror = function () { done({ ok: false, errMsg: "config:fail" }); };
    document.head.appendChild(s);
  }
  var wx = {
    config: function (o) {
      sim.configs.push(o);
      sim.status = "pending";
      verify(o, function (res) {
        if (res.ok) {
          sim.status = "ready";
          sim.openTagList = o.openTagList || [];
          readyFns.splice(0).forEach(function (fn) { fn(); });
        } else {
          sim.status = "error";
          errorFns.forEach(function (fn) { fn({ errMsg: res.errMsg }); });
        }
      });
    },
    ready: function (fn) { if (sim.status === "ready") setTimeout(fn, 0); else readyFns.push(fn); },
    error: function (fn) { errorFns.push(fn); },
    updateAppMessageShareData: function (d) { sim.shares.push({ kind: "appMessage", data: d }); if (d.success) d.success(); },
    updateTimelineShareData: function (d) { sim.shares.push({ kind: "timeline", data: d }); if (d.success) d.success(); }
  };
  function live() { return sim.status === "ready" && sim.openTagList.indexOf("wx-open-launch-app") !== -1; }
  customElements.define("wx-open-launch-app", class extends HTMLElement {
    connectedCallback() {
      var tag = this;
      if (tag.__wired) return;
      tag.__wired = true;
      tag.addEventListener("click", function () {
        if (!live()) return;
        var appid = tag.getAttribute("appid");
        var entry = { appid: appid, extinfo: tag.getAttribute("extinfo") };
        sim.launches.push(entry);
        var fail = appid !== OPEN_APP_ID ? "launch:fail_check fail" : sim.launchResult === "error" ? "launch:fail" : null;
        setTimeout(function () {
          tag.dispatchEvent(fail ? new CustomEvent("error", { detail: { errMsg: fail } }) : new CustomEvent("launch", { detail: {} }));
        }, 10);
      });
    }
  });
  customElements.define("wx-open-launch-weapp", class extends HTMLElement {
    connectedCallback() {
      var tag = this;
      if (tag.__wired) return;
      tag.__wired = true;
      tag.addEventListener("click", function () {
        if (sim.status !== "ready" || sim.openTagList.indexOf("wx-open-launch-weapp") === -1) return;
        var username = tag.getAttribute("username");
        sim.weappLaunches.push({ username: username, path: tag.getAttribute("path") });
        var fail = username !== MINI_USERNAME ? "launch:fail_check fail" : sim.launchResult === "error" ? "launch:fail" : null;
        setTimeout(function () {
          tag.dispatchEvent(fail ? new CustomEvent("error", { detail: { errMsg: fail } }) : new CustomEvent("launch", { detail: {} }));
        }, 10);
      });
    }
  });
  window.__wxSim = sim;
  window.wx = window.jWeixin = wx;
})();
${fakeWeixinJSBridgeScript(origin)}`;
}

/**
 * A stand-in for the `WeixinJSBridge` that WeChat's browser gives every page, for JSAPI pay:
 * `WeixinJSBridge.invoke("getBrandWCPayRequest", params, callback)` sends the parameters to the
 * simulator (a JSONP call: the page's CSP allows scripts from the simulator's origin, which is
 * the JS-SDK's), which checks appId and paySign (RSA, the merchant's key) and pays, cancels or
 * fails the order as `window.__wxSim.payChoice` says ("ok" by default; "cancel", "fail"); then
 * the callback gets `{ err_msg: "get_brand_wcpay_request:ok" | ":cancel" | ":fail" }`.
 * Every call is recorded in `window.__wxSim.payments`. Usable on its own as an init script.
 */
export function fakeWeixinJSBridgeScript(origin: string): string {
  return `(function () {
  if (window.WeixinJSBridge) return;
  var ORIGIN = ${JSON.stringify(origin)};
  var sim = window.__wxSim || (window.__wxSim = {});
  sim.payments = sim.payments || [];
  if (!sim.payChoice) sim.payChoice = "ok";
  var seq = 0;
  function jsonp(path, params, done) {
    var name = "__wxSimPay" + ++seq;
    window[name] = function (res) { delete window[name]; done(res); };
    var q = Object.keys(params).map(function (k) { return encodeURIComponent(k) + "=" + encodeURIComponent(params[k]); }).join("&");
    var s = document.createElement("script");
    s.src = ORIGIN + path + "?" + q + "&callback=" + name;
    s.onerror = function () { delete window[name]; done({ err_msg: "get_brand_wcpay_request:fail", err_desc: "network" }); };
    document.head.appendChild(s);
  }
  window.WeixinJSBridge = {
    invoke: function (name, params, callback) {
      var cb = typeof callback === "function" ? callback : function () {};
      if (name !== "getBrandWCPayRequest") { setTimeout(function () { cb({ err_msg: name + ":fail_not_supported" }); }, 0); return; }
      var p = params || {};
      var entry = { params: p, choice: sim.payChoice, result: null };
      sim.payments.push(entry);
      jsonp("/sim/pay/jsapi", {
        appId: p.appId, timeStamp: p.timeStamp, nonceStr: p.nonceStr, "package": p["package"],
        signType: p.signType, paySign: p.paySign, choice: sim.payChoice
      }, function (res) { entry.result = res; cb(res); });
    },
    on: function () {},
    call: function () {}
  };
  var fire = function () { document.dispatchEvent(new Event("WeixinJSBridgeReady")); };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fire); else setTimeout(fire, 0);
})();`;
}
