import { buildApp } from "./build-app.ts";
import { closeDeps, createDeps } from "./create-deps.ts";
import { webRegistrar } from "./register-web.ts";
import type { ServerConfig } from "./server-config.ts";
import { startupLog } from "./startup-log.ts";

/**
 * Runs one server process: opens the database (preparing it first when no supervisor did), builds
 * the app with the pages, listens, and drains in-flight requests on SIGTERM/SIGINT.
 */
export async function serve(config: ServerConfig) {
  const loggerOptions = { level: config.logLevel };
  const deps = await createDeps(config, startupLog);
  const app = await buildApp(deps, {
    logger: loggerOptions,
    registerWeb: webRegistrar({
      services: deps.services,
      buildDir: config.webBuildDir,
      production: config.production,
      ...(config.previewHost ? { previewHost: config.previewHost } : {}),
      ...(config.fallbackHost ? { fallbackHost: config.fallbackHost } : {}),
      ...(config.publicOrigin ? { publicOrigin: config.publicOrigin } : {}),
      appDownloads: config.appDownloads,
      wechat: {
        openAppId: config.wechat.openAppId,
        jsSdkUrl: config.wechat.jsSdkUrl,
        miniUsername: config.wechat.miniUsername,
      },
      secureCookies: config.auth.secureCookies,
      wechatAuthorizeUrl: deps.wechat.configured
        ? (redirect, state, silent) =>
            deps.wechat.authorizeUrl(redirect, state, silent ? "snsapi_base" : "snsapi_userinfo")
        : null,
    }),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: draining requests");
    const timer = setTimeout(() => {
      app.log.error("shutdown grace period exceeded, exiting");
      process.exit(1);
    }, config.shutdownGraceMs);
    timer.unref();
    try {
      // close() stops accepting connections and waits for in-flight requests to finish. A
      // keep-alive connection that goes idle after its last response would hold it open until
      // the keep-alive timeout, so idle connections are swept while draining.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
      await app.close();
      clearInterval(sweep);
      await closeDeps(deps);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: deps.handle.dialect, store: deps.store.kind }, "通鉴 is serving");
}
