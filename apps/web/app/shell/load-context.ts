import type { ApiTransport } from "./api-client.ts";

// What the server hands every loader (apps/api/src/register-web.ts builds it).
declare module "react-router" {
  interface AppLoadContext {
    apiFetch: ApiTransport;
    hosts: { preview: string | null; fallback: string | null; publicOrigin: string | null };
  }
}
