import { randomInt } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROUTE_MANIFEST, sampleUrl } from "@tongjian/domain/route-manifest";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NUL_MESSAGE } from "../../apps/api/src/text-guard.ts";
import { sharedServer } from "../support/shared-server.ts";
import { sentCode } from "../support/sign-in.ts";
import { type RunningServer, startServer } from "../support/start-server.ts";

/**
 * Bad input on every page (spec: bad input gets a clear 4xx and never crashes the server): each
 * route of the manifest opened with made-up and hostile values in its `:id` or tail, and with
 * every query parameter any page reads (found in the pages' sources, so a new one is swept the day
 * it is read) set to the same bad value, by a reader without a session and by a signed-in reader.
 * Every answer must be below 500, and a page answered in HTML must be inside the shell (its
 * 404 or error screen, not a bare error); an address holding U+0000 is answered 400 with the
 * invalid-link page before any page sees it (apps/api/src/text-guard.ts).
 */

const WEB_APP = "apps/web/app";

/** Every query parameter a page's code reads with `searchParams.get/getAll/has("…")`. */
function queryNames(): string[] {
  const names = new Set<string>();
  for (const file of readdirSync(WEB_APP, { recursive: true, encoding: "utf8" })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const source = readFileSync(join(WEB_APP, file), "utf8");
    for (const m of source.matchAll(/searchParams\.(?:get|getAll|has)\("(\w+)"\)/g))
      if (m[1]) names.add(m[1]);
  }
  return [...names].sort();
}

/** Values for an `:id` or a tail, as sent (already URL-encoded where they must be). */
const BAD_SEGMENTS = [
  "x",
  "-1",
  "1.5",
  "9".repeat(30),
  "g".repeat(24),
  "%00",
  "%E4%B8%AD%E6%96%87",
  "%27%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "a".repeat(250),
];

/** Values for every query parameter at once. */
const BAD_QUERY = ["", "x", "-1", "1.5", "9".repeat(30), "%00", "%E4%B8%AD", "%3Cb%3E", "[]"];

/** The route's path with `value` for its parameter (or its tail), and the sample value else. */
function withSegment(path: string, value: string): string {
  return path.replace(/:id\??|\*$/, value);
}

/**
 * The shared server (SQLite); and where the run has PostgreSQL and Redis (CI), a server of this
 * suite's own on them, in a database made afresh: PostgreSQL refuses text SQLite takes (U+0000
 * answered 500 on four pages there and on none here).
 */
const targets: { name: string; databaseUrl?: string; redisUrl?: string }[] = [
  { name: "the shared server (SQLite)" },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: "PostgreSQL and Redis",
          databaseUrl: process.env.TEST_DATABASE_URL,
          ...(process.env.TEST_REDIS_URL ? { redisUrl: process.env.TEST_REDIS_URL } : {}),
        },
      ]
    : []),
];

/** A database of this suite's own beside the one `url` names, made afresh; its address. */
async function freshDatabase(url: string): Promise<string> {
  const own = new URL(url);
  own.pathname = `${own.pathname}_pages`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const name = own.pathname.slice(1);
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  return own.toString();
}

/** A Redis logical database no other suite uses. */
function ownRedis(url: string): string {
  const own = new URL(url);
  own.pathname = "/9";
  return own.toString();
}

describe.each(targets)("bad input on every page, $name", (target) => {
  let baseUrl = "";
  let server: RunningServer | undefined;
  const names = queryNames();
  let signedIn = "";

  afterAll(async () => {
    await server?.stop();
  });

  beforeAll(async () => {
    if (target.databaseUrl) {
      server = await startServer({
        contentDir: "content",
        readyTimeoutMs: 180_000,
        env: {
          DATABASE_URL: await freshDatabase(target.databaseUrl),
          ...(target.redisUrl ? { REDIS_URL: ownRedis(target.redisUrl) } : {}),
          SMS_PROVIDER: "simulator",
        },
      });
      baseUrl = server.baseUrl;
    } else baseUrl = sharedServer().baseUrl;
    // A reader registered through the API, as the login page does it, from an address of its
    // own (the server believes X-Forwarded-For from its loopback proxy): the SMS limit per address
    // is the other suites' to spend on 127.0.0.1.
    const phone = `135${String(randomInt(0, 10 ** 8)).padStart(8, "0")}`;
    const address = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
    const post = (url: string, body: unknown) =>
      fetch(`${baseUrl}${url}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body: JSON.stringify(body),
      });
    const sent = await post("/api/auth/sms/send", { phone, purpose: "register" });
    expect(sent.status, await sent.clone().text()).toBe(200);
    const code = await sentCode(baseUrl, phone);
    const registered = await post("/api/auth/register", {
      phone,
      code,
      password: "bad-input-sweep-1",
      name: "坏输入读者",
    });
    expect(registered.status, await registered.clone().text()).toBe(200);
    signedIn = registered.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    expect(signedIn).toContain("=");
  });

  it("answers every route's bad ids, tails and query values below 500, inside the shell", async () => {
    // The query parameters the pages read: at least those of search, entries, maps and lists.
    expect(names).toEqual(expect.arrayContaining(["id", "q", "year", "page", "tab", "sort"]));
    const urls: string[] = [];
    for (const spec of ROUTE_MANIFEST) {
      if (/:id|\*$/.test(spec.path))
        for (const bad of BAD_SEGMENTS) urls.push(withSegment(spec.path, bad));
      const base = sampleUrl(spec.path);
      for (const bad of BAD_QUERY)
        urls.push(`${base}?${names.map((name) => `${name}=${bad}`).join("&")}`);
    }
    const failures: string[] = [];
    let sent = 0;
    for (const cookie of ["", signedIn]) {
      const who = cookie ? "signed in" : "anonymous";
      // A few requests at a time, as readers' browsers would send them.
      const queue = [...urls];
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
            const res = await fetch(`${baseUrl}${url}`, {
              redirect: "manual",
              headers: cookie ? { cookie } : {},
            });
            const body = await res.text();
            sent++;
            const type = res.headers.get("content-type") ?? "";
            const shown = `${who} ${url.slice(0, 160)} → ${res.status}`;
            if (res.status >= 500) failures.push(shown);
            else if (/%00/i.test(url)) {
              // U+0000 never reaches a page (PostgreSQL refuses it): 400 and the page saying so.
              if (res.status !== 400 || !body.includes(NUL_MESSAGE))
                failures.push(`${shown}, not 400 with the invalid-link page`);
            } else if (
              type.includes("text/html") &&
              res.status >= 400 &&
              !body.includes("data-layout=")
            )
              failures.push(`${shown} outside the shell`);
          }
        }),
      );
    }
    expect(sent).toBeGreaterThan(ROUTE_MANIFEST.length * BAD_QUERY.length);
    expect(failures, `${failures.length} of ${sent}:\n${failures.join("\n")}`).toEqual([]);
  });
});
