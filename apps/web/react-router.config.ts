import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  // Loaders get the incoming request as it is (React Router no longer copies it twice per
  // loader to strip its own parameters) and read the page's URL from their `url` argument.
  future: { v8_passThroughRequests: true },
} satisfies Config;
