/**
 * Every third party the product shares personal information with, or lets collect it on its
 * pages (decision 40; PIPL 第二十三条 asks for each one's name, purpose, the kinds of data and
 * how). /agreement/thirdPartyInformation shows this list as a table and the privacy policy
 * refers to it; a new provider is added here before its code ships.
 */
export interface ThirdParty {
  key: string;
  /** What the reader sees it as. */
  name: string;
  /** Who runs it. */
  provider: string;
  /** When it comes into play. */
  scene: string;
  /** The personal information it receives or collects. */
  data: string;
  purpose: string;
  /** How the information goes (server to server, an SDK in the page, a redirect …). */
  method: string;
  /** Whether the reader can do without it. */
  optional: string;
}

export const THIRD_PARTIES: readonly ThirdParty[] = [
  {
    key: "wechat-login",
    name: "微信登录（网页授权）",
    provider: "深圳市腾讯计算机系统有限公司",
    scene: "在微信中打开本站并登录时",
    data: "微信为本站生成的 OpenID、UnionID，经你同意后的微信昵称与头像",
    purpose: "识别微信中的读者，免去另行注册",
    method: "页面跳转至微信授权页，由我们的服务器以授权码向微信换取上述信息",
    optional: "可改用手机号登录",
  },
  {
    key: "wechat-jssdk",
    name: "微信 JS-SDK（分享与订阅消息）",
    provider: "深圳市腾讯计算机系统有限公司",
    scene: "在微信中浏览、分享页面或订阅提醒时",
    data: "当前页面地址、你在微信内的操作（分享、订阅）；SDK 在微信客户端内运行，由微信按其规则处理",
    purpose: "设置分享标题与图片，发送你订阅的订单、会员到期提醒",
    method: "页面加载微信客户端提供的 JS 接口；提醒由服务器调用公众号消息接口发送，附带你的 OpenID",
    optional: "不分享、不订阅即不发生",
  },
  {
    key: "wechat-pay",
    name: "微信支付",
    provider: "财付通支付科技有限公司",
    scene: "选择微信支付下单、退款或开通自动续费时",
    data: "订单号、商品名称、金额、OpenID（微信内支付）、下单设备的 IP 地址",
    purpose: "完成付款、退款与代扣，核对支付结果",
    method:
      "服务器通过微信支付 API v3 下单、查询与退款；付款在微信的支付界面中完成，我们不接触银行卡信息",
    optional: "可改用支付宝，或不购买",
  },
  {
    key: "alipay",
    name: "支付宝",
    provider: "支付宝（中国）网络技术有限公司",
    scene: "在手机浏览器中选择支付宝付款或退款时",
    data: "订单号、商品名称、金额",
    purpose: "完成付款与退款，核对支付结果",
    method: "页面跳转至支付宝收银台；服务器通过支付宝开放平台接口查询与退款",
    optional: "可改用微信支付，或不购买",
  },
  {
    key: "sms",
    name: "短信服务",
    provider: "运营者签约的短信服务商（以服务器配置为准，变更时在本清单更新）",
    scene: "获取登录、注册、找回密码或绑定手机号的验证码时",
    data: "手机号、验证码短信内容",
    purpose: "向你的手机发送验证码",
    method: "服务器调用短信服务商接口发送，服务商不获得你在本站的其他信息",
    optional: "可改用微信登录或密码登录",
  },
  {
    key: "wecom",
    name: "企业微信（添加客服）",
    provider: "深圳市腾讯计算机系统有限公司",
    scene: "你主动添加本站客服企业微信时",
    data: "企业微信为你生成的外部联系人标识、你在企业微信中的名称",
    purpose: "把客服联系与你的账号对应，便于答复咨询",
    method: "企业微信向我们的服务器回调外部联系人事件",
    optional: "不添加客服即不发生",
  },
  {
    key: "app",
    name: "通鉴 App",
    provider: "通鉴运营者（与本站为同一运营者）",
    scene: "在通鉴 App 内打开本站页面时",
    data: "App 用户标识、手机号、昵称，经 App 签名的登录凭证",
    purpose: "App 内免登录，并在 App 与网页间保持同一账号",
    method: "App 通过页面桥接接口传入签名凭证，服务器验证后建立会话",
    optional: "在浏览器中使用本站即不发生",
  },
];
