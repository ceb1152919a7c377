import { loginPath } from "@tongjian/domain/viewer";
import { AppLink } from "../../shell/app-link.tsx";

/** What a page of my pages shows where a reader must sign in to see more. */
export function SignInCard({
  returnTo,
  text,
  need = "reader",
}: {
  returnTo: string;
  text: string;
  /** "user": an account is needed (a WeChat visitor binds a phone). */
  need?: "reader" | "user";
}) {
  return (
    <section className="tj-my-signin" aria-label="登录">
      <p className="tj-my-signin__text">{text}</p>
      <AppLink className="tj-button" to={loginPath(returnTo, need)} data-testid="my-sign-in">
        {need === "user" ? "绑定手机号" : "登录 / 注册"}
      </AppLink>
    </section>
  );
}
