import type { AppEnv } from "@tongjian/domain/app-env";
import { isLearningPath } from "@tongjian/domain/learning-paths";
import { lazy, Suspense } from "react";

// Each loads only where it applies (these are the shell's, loaded after hydration for readers
// who are signed in, so no other page's first load carries them).
// The study reminder of the learning pages, for a signed-in reader outside the app.
const LearningReminder = lazy(() => import("../features/study-records/learning-reminder.tsx"));
// The in-site live reminder (decision 48): asks the server whether a session the reader signed
// up for is about to start.
const LiveReminderNotice = lazy(() => import("../features/video/live-reminder-notice.tsx"));
// The reader is asked again after an agreement's new version (decision 40); the server says
// whether there is anything to ask, so the dialog's code loads only then.
const AgreementUpdate = lazy(() => import("../features/agreements/agreement-update.tsx"));

/** What the shell shows a reader who is signed in, beside the page. */
export default function SignedInExtras({
  env,
  pathname,
  signedIn,
  askAgreements,
}: {
  env: AppEnv;
  pathname: string;
  /** Signed in with an account (not only a WeChat visitor). */
  signedIn: boolean;
  askAgreements: boolean;
}) {
  return (
    <Suspense fallback={null}>
      {signedIn && !env.isNativeApp && isLearningPath(pathname) && <LearningReminder />}
      {signedIn && <LiveReminderNotice />}
      {askAgreements && <AgreementUpdate />}
    </Suspense>
  );
}
