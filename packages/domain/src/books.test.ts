import { describe, expect, it } from "vitest";
import { addressProblems, chineseNumber, clampOffset } from "./books.ts";

const GOOD = {
  name: "林小书",
  mobile: "13912345678",
  province: "浙江省",
  city: "杭州市",
  district: "西湖区",
  detail: "文三路 100 号",
};

describe("postal addresses", () => {
  it("accepts a complete address, with or without a postcode", () => {
    expect(addressProblems(GOOD)).toEqual({});
    expect(addressProblems({ ...GOOD, postcode: "310012" })).toEqual({});
  });

  it("names each wrong field in the reader's words", () => {
    expect(addressProblems({ ...GOOD, mobile: "12912345678" }).mobile).toBe(
      "请填写 11 位手机号码，以 1 开头",
    );
    expect(addressProblems({ ...GOOD, mobile: "1391234567" }).mobile).toBeDefined();
    expect(addressProblems({ ...GOOD, postcode: "31001" }).postcode).toBe("邮编应为 6 位数字");
    expect(addressProblems({ ...GOOD, district: " " }).district).toBe("请填写区县");
    expect(addressProblems({ ...GOOD, detail: "文三路" }).detail).toBe(
      "详细地址应为 5 到 120 个字",
    );
    expect(addressProblems({ ...GOOD, name: "林" }).name).toBeDefined();
    expect(Object.keys(addressProblems({}))).toEqual([
      "name",
      "mobile",
      "province",
      "city",
      "district",
      "detail",
    ]);
  });
});

describe("reading places and numbering", () => {
  it("keeps an offset between 0 and 1", () => {
    expect(clampOffset(-1)).toBe(0);
    expect(clampOffset(1.5)).toBe(1);
    expect(clampOffset(0.12345)).toBe(0.12345);
    expect(clampOffset(0.1234567)).toBe(0.12346);
    expect(clampOffset(Number.NaN)).toBe(0);
  });

  it("writes section numbers in Chinese", () => {
    expect([1, 10, 12, 20, 35].map(chineseNumber)).toEqual(["一", "十", "十二", "二十", "三十五"]);
  });
});
