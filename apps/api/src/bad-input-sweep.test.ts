import { createAccountRepository } from "@tongjian/services/accounts/account-repository";
import { generateSync } from "json-schema-faker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../tests/support/test-targets.ts";
import { OPENAPI_PATH } from "./api-docs.ts";
import { createTestApp, FIXTURE_CONTENT } from "./test-app.ts";
import { type TestBrowser, testBrowser } from "./test-browser.ts";
import { testReaders } from "./test-readers.ts";

/**
 * Bad input on every documented call (spec: bad input gets a clear 4xx and never crashes the
 * server; the API reference promises "参数有误答 4xx 和中文说明，从不答 500"). Read from the OpenAPI
 * document, so a new route is swept the day it is registered: each path parameter, query
 * parameter and body field in turn gets values a careless or hostile client sends (ids of the
 * wrong shape, numbers past every column's range, negative and fractional numbers, control
 * characters, very long text, arrays and objects where a string is expected), and a body comes
 * malformed, empty or of the wrong type. Every answer must be below 500, and a JSON answer an
 * error envelope in Chinese; the server answers its health check after. Sent without a session,
 * by a WeChat visitor, a signed-in reader and a moderator, so the checks behind sign-in and
 * roles are reached as well.
 */

interface Parameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  required?: boolean;
  schema?: object;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: BodySchema }> };
}
interface BodySchema {
  type?: string | string[];
  properties?: Record<string, unknown>;
  anyOf?: BodySchema[];
  oneOf?: BodySchema[];
}

/** Values for a path segment: each URL-encoded as a client would send it. */
const BAD_SEGMENTS = [
  "x",
  "0".repeat(24),
  "g".repeat(24),
  "-1",
  "0",
  "1.5",
  "99999999999999999999999",
  "1e309",
  "NaN",
  "null",
  "%00",
  "%E4%B8%AD%E6%96%87",
  "%27%3B%20drop%20table%20accounts%3B--",
  "a".repeat(90),
];

/** Values for a query parameter (a second copy of the parameter is sent as well). */
const BAD_QUERY = [
  "",
  "x",
  "-1",
  "0",
  "1.5",
  "99999999999999999999999",
  "-99999999999999999999999",
  "1e309",
  "NaN",
  "true",
  "%00",
  "%E4%B8%AD",
  "9".repeat(40),
  "a".repeat(3000),
];

/** Values for a body field, as JSON text. */
const BAD_FIELDS: string[] = [
  ...[
    null,
    "",
    "x",
    -1,
    0,
    1.5,
    1e300,
    -1e300,
    Number.MAX_SAFE_INTEGER + 2,
    true,
    [],
    ["x", 1, null],
    {},
    { $gt: "" },
    "\u0000",
    "\ud800",
    "中".repeat(20_000),
  ].map((value) => JSON.stringify(value)),
  // Nested 5,000 deep: read to the end by anything that walks it, without a stack overflow.
  `${"[".repeat(5_000)}${"]".repeat(5_000)}`,
];

/** A JSON body: `valid` with `field` set to the JSON text `bad`. */
function withField(valid: object, field: string, bad: string): string {
  const marker = "\u0001bad-field\u0001";
  return JSON.stringify({ ...valid, [field]: marker }).replace(JSON.stringify(marker), bad);
}

const MULTIPART = "multipart/form-data; boundary=b";

/** Headers a broken client, an old proxy or a prober sends, each set on a valid request. */
const BAD_HEADERS: Record<string, string>[] = [
  { range: "bytes=abc" },
  { range: "bytes=9-3" },
  { range: "bytes=-99999999999999999999" },
  { range: "bytes=99999999999999999999-" },
  { range: "bytes=0-1,5-9" },
  { range: "lines=1-2" },
  { "if-none-match": "*" },
  { "if-modified-since": "yesterday" },
  { cookie: `tj_sid=${"x".repeat(4000)}` },
  { cookie: "=;;==; tj_sid; tj_sid=%E4%B8%AD%00" },
  { authorization: "Bearer ..." },
  { authorization: `Bearer ${"a".repeat(5000)}` },
  { authorization: "Basic Og==" },
  { "accept-encoding": "br;q=abc, *;q=-1" },
  { "accept-language": "zh-Hans-CN-x-private-very-long-tag".repeat(20) },
  { "x-device-id": "\u00ff".repeat(10) },
  { "x-request-id": "../../etc/passwd" },
  { "x-forwarded-for": "not-an-address, 999.1.1.1, ::ffff:zzzz" },
];

/** Whole bodies: malformed, empty, of the wrong type. */
const BAD_BODIES: { payload: string; type: string }[] = [
  { payload: "{", type: "application/json" },
  { payload: "", type: "application/json" },
  { payload: "null", type: "application/json" },
  { payload: "[]", type: "application/json" },
  { payload: '"x"', type: "application/json" },
  { payload: "12", type: "application/json" },
  { payload: '{"__proto__":{"admin":true}}', type: "application/json" },
  { payload: "a=1&b=2", type: "application/x-www-form-urlencoded" },
  { payload: "<xml/>", type: "text/xml" },
  { payload: "x", type: "text/plain" },
  { payload: "\u0000\u0001", type: "application/octet-stream" },
  // Uploads: a form without a boundary, one cut off, and files that are not what they say,
  // named to climb out of the storage folder.
  { payload: "x", type: "multipart/form-data" },
  { payload: '--b\r\nContent-Disposition: form-data; name="file"', type: MULTIPART },
  ...["file", "image", "images", "audio", "recording", "cover"].map((name) => ({
    payload: [
      "--b",
      `Content-Disposition: form-data; name="${name}"; filename="../../../etc/passwd.mp3"`,
      "Content-Type: audio/mpeg",
      "",
      "not a sound at all",
      "--b",
      'Content-Disposition: form-data; name="duration"',
      "",
      "-1",
      "--b--",
      "",
    ].join("\r\n"),
    type: MULTIPART,
  })),
];

/** How many requests of valid shape, with values drawn from each call's schemas, per call. */
const VALID_SAMPLES = 6;

/**
 * A value its schema allows, the same for the same seed (json-schema-faker), with every optional
 * property filled so that each field is reached.
 */
function sample(schema: object | undefined, seed: number): unknown {
  if (!schema) return undefined;
  return generateSync(schema as Parameters<typeof generateSync>[0], {
    seed,
    alwaysFakeOptionals: true,
    maxDefaultItems: 3,
    failOnInvalidTypes: false,
  });
}

/** A query string of the given values, each URL-encoded. */
function queryString(values: Record<string, unknown>): string {
  const pairs = Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  return pairs.length ? `?${pairs.join("&")}` : "";
}

/** A call's address with valid parameters drawn for `seed`, `bad` (sent as is) for `name`. */
function address(
  path: string,
  parameters: Parameter[],
  seed: number,
  bad?: { name: string; value: string; in: "path" | "query" },
): string {
  const schemaOf = (name: string) => parameters.find((p) => p.name === name)?.schema;
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (bad?.in === "path" && bad.name === name) return bad.value;
    if (name === "lang") return "cn";
    return encodeURIComponent(String(sample(schemaOf(name), seed) ?? "x"));
  });
  const query: Record<string, unknown> = {};
  for (const p of parameters.filter((p) => p.in === "query")) {
    if (bad?.in === "query" && bad.name === p.name) continue;
    if (p.required || seed % 2 === 0) query[p.name] = sample(p.schema, seed);
  }
  const rest = queryString(query);
  if (bad?.in !== "query") return `${filled}${rest}`;
  const extra = `${bad.name}=${bad.value}&${bad.name}=${bad.value}`;
  return `${filled}${rest ? `${rest}&` : "?"}${extra}`;
}

/** The fields a body schema names (of each alternative of a union). */
function bodyFields(schema: BodySchema | undefined): string[] {
  if (!schema) return [];
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  return [
    ...new Set([
      ...Object.keys(schema.properties ?? {}),
      ...alternatives.flatMap((alternative) => bodyFields(alternative)),
    ]),
  ];
}

/** Calls that answer a file or a channel's own format rather than the JSON envelope. */
const NOT_ENVELOPED =
  /^\/(?:media|sitemap)\/|^\/(?:healthz|sitemap\.xml|robots\.txt)$|\/index\.m3u8$|^\/api\/pay\/notify\/|^\/api\/timemap\/\{lang\}\/base$|^\/api\/m\/greetingcard\/image\/|^\/api\/user\/personal-data\/export$/;

/** The calls that end a session: swept last, so the sessions stay signed in until then. */
const ENDS_SESSION = /\/(?:logout|logoff|delete|cancel-account|account\/close)\b/;

/**
 * The real content on every database, and on SQLite the tests' small fixture content as well,
 * which lacks whole files (a campaign's lots, its wordings) as a deployment that does not run
 * those campaigns would.
 */
const runs = [
  ...databaseTargets().map((target) => ({ ...target, contentDir: "content" })),
  { ...databaseTargets()[0], name: "sqlite, fixture content", contentDir: FIXTURE_CONTENT },
];

describe.each(runs)("bad input on every documented call, $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const readers = testReaders(() => t);
  const browsers: { who: string; browser: TestBrowser; csrf: string }[] = [];
  let paths: Record<string, Record<string, Operation>> = {};

  beforeAll(async () => {
    t = await createTestApp(target, {}, { contentDir: target.contentDir });
    const doc = (await t.app.inject({ url: OPENAPI_PATH })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    paths = doc.paths;
    const reader = await readers.account("坏输入读者");
    const moderator = await readers.account("坏输入管理员");
    await createAccountRepository(t.deps.handle.db).update(moderator.userId, { role: "admin" });
    const visitor = await readers.visitor("坏输入访客");
    for (const [who, browser] of [
      ["anonymous", testBrowser(t.app)],
      ["visitor", visitor.browser],
      ["reader", reader.browser],
      ["moderator", moderator.browser],
    ] as const) {
      const csrf = (await browser.get("/api/auth/csrf")).json().data.token as string;
      browsers.push({ who, browser, csrf });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * What is wrong with an answer, or null: a 500 (an error nobody handled), any other 5xx that is
   * not an envelope explaining itself (a deliberate 503 such as 微信登录暂未配置 is), and a JSON
   * error answer that is not an envelope with a Chinese message.
   */
  function problem(
    path: string,
    res: { statusCode: number; headers: Record<string, unknown>; body: string },
  ): string | null {
    const shown = `${res.statusCode} ${res.body.slice(0, 160)}`;
    if (res.statusCode === 500) return shown;
    if (res.statusCode < 400 || NOT_ENVELOPED.test(path)) return null;
    const type = String(res.headers["content-type"] ?? "");
    if (!type.includes("application/json")) return res.statusCode >= 500 ? shown : null;
    try {
      const body = JSON.parse(res.body) as { code?: unknown; message?: unknown; data?: unknown };
      const explained =
        typeof body.message === "string" &&
        /[\u4e00-\u9fff]/.test(body.message) &&
        body.data === null &&
        typeof body.code === "number";
      return explained ? null : shown;
    } catch {
      return `${res.statusCode} with a body that is not JSON`;
    }
  }

  it("answers every bad path parameter, query parameter and body with a 4xx in Chinese", async () => {
    const operations = Object.entries(paths)
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          path,
          method: method.toUpperCase(),
          operation,
        })),
      )
      .filter(({ method }) => method === "GET" || method === "POST")
      .sort((a, b) => Number(ENDS_SESSION.test(a.path)) - Number(ENDS_SESSION.test(b.path)));
    expect(operations.length).toBeGreaterThan(100);

    /** Each failing request once, with the callers it failed for. */
    const failures = new Map<string, string[]>();
    let sent = 0;
    for (const { path, method, operation } of operations) {
      const parameters = (operation.parameters ?? []).filter(
        (p) => p.in === "path" || p.in === "query",
      );
      const body = operation.requestBody?.content?.["application/json"]?.schema;
      const bodies = new Map<number, object>();
      const validBody = (seed: number): object => {
        let drawn = bodies.get(seed);
        if (!drawn) {
          const value = sample(body, seed);
          drawn = value !== null && typeof value === "object" ? value : {};
          bodies.set(seed, drawn);
        }
        return drawn;
      };
      const requests: {
        what: string;
        url: string;
        payload?: string;
        type?: string;
        /** Sent by every caller, not only the two that reach the most (see below). */
        everyone?: boolean;
        /** Headers of its own, in place of the caller's. */
        headers?: Record<string, string>;
      }[] = [];
      for (let seed = 1; seed <= VALID_SAMPLES; seed++) {
        const url = address(path, parameters, seed);
        requests.push({
          what: `valid sample ${seed}: ${url.slice(0, 80)}`,
          everyone: true,
          url,
          ...(method === "POST"
            ? { payload: JSON.stringify(validBody(seed)), type: "application/json" }
            : {}),
        });
      }
      const validPayload = method === "POST" ? JSON.stringify(validBody(1)) : undefined;
      const withValidBody = validPayload ? { payload: validPayload, type: "application/json" } : {};
      if (method === "GET")
        for (const headers of BAD_HEADERS)
          requests.push({
            what: `headers ${JSON.stringify(headers).slice(0, 60)}`,
            url: address(path, parameters, 1),
            headers,
          });
      for (const p of parameters) {
        if (p.name === "lang") continue;
        for (const bad of p.in === "path" ? BAD_SEGMENTS : BAD_QUERY)
          requests.push({
            what: `${p.in === "path" ? "" : "?"}${p.name}=${bad.slice(0, 30)}`,
            url: address(path, parameters, 1, {
              name: p.name,
              value: bad,
              in: p.in === "path" ? "path" : "query",
            }),
            ...withValidBody,
          });
      }
      if (method === "POST") {
        const url = address(path, parameters, 1);
        for (const bad of BAD_BODIES)
          requests.push({
            what: `body ${bad.type} ${bad.payload.slice(0, 20)}`,
            url,
            payload: bad.payload,
            type: bad.type,
          });
        for (const field of bodyFields(body))
          for (const bad of BAD_FIELDS)
            requests.push({
              what: `body.${field}=${bad.slice(0, 30)}`,
              url,
              payload: withField(validBody(1), field, bad),
              type: "application/json",
            });
      }
      for (const { who, browser, csrf } of browsers) {
        // Values of the wrong shape are refused by the schemas, which run after the sign-in
        // check and before any role check: the sessionless caller and the moderator (who passes
        // every check a reader passes) reach every branch of them between them.
        const widest = who === "anonymous" || who === "moderator";
        for (const request of requests) {
          if (!widest && !request.everyone) continue;
          const headers: Record<string, string> = {
            ...(browser.jar.size ? { cookie: browser.cookieHeader() } : {}),
            ...request.headers,
          };
          if (method === "POST") {
            headers["x-csrf-token"] = csrf;
            if (request.type) headers["content-type"] = request.type;
          }
          const res = await t.app.inject({
            method: method as "GET" | "POST",
            url: request.url,
            headers,
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          sent++;
          const found = problem(path, res);
          if (found) {
            const body = request.payload ? ` [body ${request.payload.slice(0, 120)}]` : "";
            const key = `${method} ${path} ${request.what}${body} → ${found}`;
            failures.set(key, [...(failures.get(key) ?? []), who]);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    const lines = [...failures].map(([what, who]) => `${what} (${who.join(", ")})`);
    expect(lines, `${lines.length} requests of ${sent} answers:\n${lines.join("\n")}`).toEqual([]);
    const health = await t.app.inject({ url: "/healthz" });
    expect(health.statusCode).toBe(200);
  }, 600_000);
});
