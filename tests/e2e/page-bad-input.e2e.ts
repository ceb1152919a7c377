import { randomInt } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROUTE_MANIFEST, sampleUrl } from "@tongjian/domain/route-manifest";
import { beforeAll, describe, expect, it } from "vitest";
import { sharedServer } from "../support/shared-server.ts";
import { sentCode } from "../support/sign-in.ts";

/**
 * Bad input on every page (spec: bad input gets a clear 4xx and never crashes the server): each
 * route of the manifest opened with made-up and hostile values in its `:id` or tail, and with
 * every query parameter any page reads (found in the pages' sources, so a new one is swept the day
 * it is read) set to the same bad value, by a reader without a session and by a signed-in reader.
 * Every answer must be below 500, and a page answered in HTML must be inside the shell (its
 * 404 or error screen, not a bare error).
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

describe("bad input on every page", () => {
  const { baseUrl } = sharedServer();
  const names = queryNames();
  let signedIn = "";

  beforeAll(async () => {
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
            if (res.status >= 500) failures.push(`${who} ${url.slice(0, 160)} → ${res.status}`);
            else if (
              type.includes("text/html") &&
              res.status >= 400 &&
              !body.includes("data-layout=")
            )
              failures.push(`${who} ${url.slice(0, 160)} → ${res.status} outside the shell`);
          }
        }),
      );
    }
    expect(sent).toBeGreaterThan(ROUTE_MANIFEST.length * BAD_QUERY.length);
    expect(failures, `${failures.length} of ${sent}:\n${failures.join("\n")}`).toEqual([]);
  });
});
