/** Provincial units of China by their short names, in the order of the national code list. */
const PROVINCES = [
  "北京",
  "天津",
  "河北",
  "山西",
  "内蒙古",
  "辽宁",
  "吉林",
  "黑龙江",
  "上海",
  "江苏",
  "浙江",
  "安徽",
  "福建",
  "江西",
  "山东",
  "河南",
  "湖北",
  "湖南",
  "广东",
  "广西",
  "海南",
  "重庆",
  "四川",
  "贵州",
  "云南",
  "西藏",
  "陕西",
  "甘肃",
  "青海",
  "宁夏",
  "新疆",
  "台湾",
  "香港",
  "澳门",
] as const;

export const SPANNING_REGION = "跨省区";
export const ABROAD_REGION = "域外";

/** Regions in the order the space bar lists them. */
export const REGION_ORDER: readonly string[] = [...PROVINCES, SPANNING_REGION, ABROAD_REGION];

/**
 * The region a place is listed under, read from its modern location: the province it lies in
 * (河南省郑州市… → 河南), 跨省区 for a work that spans several (长城, 大运河), 域外 for places
 * abroad.
 */
export function regionOf(modern: string | null): string {
  if (!modern) return ABROAD_REGION;
  const province = PROVINCES.find((p) => modern.startsWith(p));
  if (province) return province;
  if (/^(北起|分布于|流经|东起|西起)/.test(modern)) return SPANNING_REGION;
  return ABROAD_REGION;
}
