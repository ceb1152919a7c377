import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { AudioUploadScreen } from "../features/video/audio-upload-screen.tsx";
import { requirePageUser } from "../shell/require-login.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/audio-upload";

// 上传音频 (/audioupload, issue 19 §5): a signed-in reader uploads a recording, watches its
// progress, plays it back and sees their recordings. Anyone else is sent to sign in first.
export async function loader({ context, request }: Route.LoaderArgs) {
  requirePageUser(context, request);
  return { recordings: await context.services.audioUploads.list(context.viewer) };
}

export function meta() {
  return [{ title: `上传录音 - ${PRODUCT_NAME}` }];
}

export default function AudioUploadRoute({ loaderData: d }: Route.ComponentProps) {
  return <AudioUploadScreen recordings={d.recordings} />;
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
