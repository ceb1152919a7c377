import { MEMBER_PROMPT } from "@tongjian/domain/member-entries";
import { AppLink } from "../../shell/app-link.tsx";

/** The 会员 tag of a member entry (会员词条). */
export function MemberTag() {
  return <span className="tj-member-tag">会员</span>;
}

/**
 * Under a member entry's opening for a reader without VIP: the way to VIP, back to this page.
 * The rest of the text is not on the page (the server sent only the opening).
 */
export function MemberPrompt({ path }: { path: string }) {
  return (
    <p className="tj-member-prompt">
      <AppLink to={`/buyvip?returnPath=${encodeURIComponent(path)}`}>{MEMBER_PROMPT}</AppLink>
    </p>
  );
}
