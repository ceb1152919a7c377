import cluster from "node:cluster";
import { setFlagsFromString } from "node:v8";
import { buildApp } from "./build-app.ts";
import { runClusterPrimary } from "./cluster-primary.ts";
import { closeDeps, createDeps } from "./create-deps.ts";
import { webRegistrar } from "./register-web.ts";
import { readServerConfig } from "./server-config.ts";

// V8 "pretenures" objects from allocation sites whose objects often survive a minor GC: it
// allocates them straight into the old generation. A render's objects are alive while it runs,
// so the sites of a render (virtual DOM nodes, API replies) got pretenured, and every page then
// filled the old generation with garbage only a full GC clears. Without it, minor GCs collect
// them: about half the GC time under load (docs/decisions/0007-server-render-cost.md).
setFlagsFromString("--no-allocation-site-pretenuring");

const config = readServerConfig(process.env);
const loggerOptions = { level: config.logLevel };

const startupLog = {
  info: (obj: unknown, msg?: string) => console.log(JSON.stringify({ msg, ...(obj as object) })),
};

async function start() {
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
      wechat: { openAppId: config.wechat.openAppId, jsSdkUrl: config.wechat.jsSdkUrl },
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

const main =
  config.webConcurrency > 1 && cluster.isPrimary
    ? () => runClusterPrimary(config, startupLog)
    : start;

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
