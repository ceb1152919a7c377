/**
 * The units of the base map and their ids (issue 18's shared design): China's provincial units
 * as `cn-<pinyin>` from ECharts 4's china.json (keyed by the file's names), and countries as
 * `iso-<ISO 3166 alpha-3, lower case>` from world-atlas (keyed by its ISO 3166 numeric ids),
 * each with the Chinese name the map shows.
 */

/** ECharts china.json name → [unit id, name shown]. */
export const PROVINCES: Record<string, [string, string]> = {
  北京: ["cn-beijing", "北京"],
  天津: ["cn-tianjin", "天津"],
  河北: ["cn-hebei", "河北"],
  山西: ["cn-shanxi", "山西"],
  内蒙古: ["cn-neimenggu", "内蒙古"],
  辽宁: ["cn-liaoning", "辽宁"],
  吉林: ["cn-jilin", "吉林"],
  黑龙江: ["cn-heilongjiang", "黑龙江"],
  上海: ["cn-shanghai", "上海"],
  江苏: ["cn-jiangsu", "江苏"],
  浙江: ["cn-zhejiang", "浙江"],
  安徽: ["cn-anhui", "安徽"],
  福建: ["cn-fujian", "福建"],
  江西: ["cn-jiangxi", "江西"],
  山东: ["cn-shandong", "山东"],
  河南: ["cn-henan", "河南"],
  湖北: ["cn-hubei", "湖北"],
  湖南: ["cn-hunan", "湖南"],
  广东: ["cn-guangdong", "广东"],
  广西: ["cn-guangxi", "广西"],
  海南: ["cn-hainan", "海南"],
  重庆: ["cn-chongqing", "重庆"],
  四川: ["cn-sichuan", "四川"],
  贵州: ["cn-guizhou", "贵州"],
  云南: ["cn-yunnan", "云南"],
  西藏: ["cn-xizang", "西藏"],
  陕西: ["cn-shaanxi", "陕西"],
  甘肃: ["cn-gansu", "甘肃"],
  青海: ["cn-qinghai", "青海"],
  宁夏: ["cn-ningxia", "宁夏"],
  新疆: ["cn-xinjiang", "新疆"],
  台湾: ["cn-taiwan", "台湾"],
  香港: ["cn-xianggang", "香港"],
  澳门: ["cn-aomen", "澳门"],
};

/**
 * world-atlas ids whose land the provinces draw instead (China, Taiwan, Hong Kong, Macao):
 * left out of the countries.
 */
export const REPLACED_BY_PROVINCES = new Set(["156", "158", "344", "446"]);

/**
 * world-atlas features without an ISO id, by their name: the unit they are drawn with.
 * (Natural Earth keeps them apart; the map has no separate unit for them.)
 */
export const UNNUMBERED: Record<string, string> = {
  Somaliland: "706",
  "Siachen Glacier": "356",
  "N. Cyprus": "196",
  "Indian Ocean Ter.": "036",
};

/** ISO 3166 numeric → [alpha-3, Chinese name], for every country the map's area touches. */
export const COUNTRIES: Record<string, [string, string]> = {
  "004": ["afg", "阿富汗"],
  "031": ["aze", "阿塞拜疆"],
  "036": ["aus", "澳大利亚"],
  "048": ["bhr", "巴林"],
  "050": ["bgd", "孟加拉国"],
  "051": ["arm", "亚美尼亚"],
  "064": ["btn", "不丹"],
  "086": ["iot", "英属印度洋领地"],
  "096": ["brn", "文莱"],
  "104": ["mmr", "缅甸"],
  "116": ["khm", "柬埔寨"],
  "144": ["lka", "斯里兰卡"],
  "174": ["com", "科摩罗"],
  "196": ["cyp", "塞浦路斯"],
  "231": ["eth", "埃塞俄比亚"],
  "232": ["eri", "厄立特里亚"],
  "250": ["fra", "法国"],
  "262": ["dji", "吉布提"],
  "268": ["geo", "格鲁吉亚"],
  "316": ["gum", "关岛"],
  "356": ["ind", "印度"],
  "360": ["idn", "印度尼西亚"],
  "364": ["irn", "伊朗"],
  "368": ["irq", "伊拉克"],
  "392": ["jpn", "日本"],
  "398": ["kaz", "哈萨克斯坦"],
  "400": ["jor", "约旦"],
  "404": ["ken", "肯尼亚"],
  "408": ["prk", "朝鲜"],
  "410": ["kor", "韩国"],
  "414": ["kwt", "科威特"],
  "417": ["kgz", "吉尔吉斯斯坦"],
  "418": ["lao", "老挝"],
  "458": ["mys", "马来西亚"],
  "462": ["mdv", "马尔代夫"],
  "496": ["mng", "蒙古国"],
  "508": ["moz", "莫桑比克"],
  "512": ["omn", "阿曼"],
  "524": ["npl", "尼泊尔"],
  "580": ["mnp", "北马里亚纳群岛"],
  "583": ["fsm", "密克罗尼西亚联邦"],
  "585": ["plw", "帕劳"],
  "586": ["pak", "巴基斯坦"],
  "598": ["png", "巴布亚新几内亚"],
  "608": ["phl", "菲律宾"],
  "626": ["tls", "东帝汶"],
  "634": ["qat", "卡塔尔"],
  "643": ["rus", "俄罗斯"],
  "682": ["sau", "沙特阿拉伯"],
  "690": ["syc", "塞舌尔"],
  "702": ["sgp", "新加坡"],
  "704": ["vnm", "越南"],
  "706": ["som", "索马里"],
  "760": ["syr", "叙利亚"],
  "762": ["tjk", "塔吉克斯坦"],
  "764": ["tha", "泰国"],
  "784": ["are", "阿联酋"],
  "792": ["tur", "土耳其"],
  "795": ["tkm", "土库曼斯坦"],
  "804": ["ukr", "乌克兰"],
  "834": ["tza", "坦桑尼亚"],
  "840": ["usa", "美国"],
  "860": ["uzb", "乌兹别克斯坦"],
  "887": ["yem", "也门"],
};
