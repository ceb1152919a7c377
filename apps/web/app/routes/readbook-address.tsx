import type { PostalAddressView } from "@tongjian/contracts/books";
import { addressProblems, type PostalAddress } from "@tongjian/domain/books";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useState } from "react";
import { AppLink } from "../shell/app-link.tsx";
import { usePlatform } from "../shell/platform.tsx";
import { requirePageUser } from "../shell/require-login.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import { failureMessage, useSignIn } from "../shell/use-sign-in.ts";
import type { Route } from "./+types/readbook-address";
import "../features/books/books.css";

// 收货地址 (/readbook/address): where the challenge's reward is posted. Every field is checked
// here as the reader types and again on the server.
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requirePageUser(context, request);
  return { info: await context.services.books.challenge(viewer) };
}

export function meta() {
  return [{ title: `收货地址 - ${PRODUCT_NAME}` }];
}

type Field = keyof PostalAddress;
const FIELDS: {
  key: Field;
  label: string;
  placeholder: string;
  inputMode?: "tel" | "numeric";
  autoComplete: string;
}[] = [
  { key: "name", label: "收件人", placeholder: "姓名", autoComplete: "name" },
  {
    key: "mobile",
    label: "手机号码",
    placeholder: "11 位手机号",
    inputMode: "tel",
    autoComplete: "tel",
  },
  { key: "province", label: "省份", placeholder: "如 浙江省", autoComplete: "address-level1" },
  { key: "city", label: "城市", placeholder: "如 杭州市", autoComplete: "address-level2" },
  { key: "district", label: "区县", placeholder: "如 西湖区", autoComplete: "address-level3" },
  {
    key: "detail",
    label: "详细地址",
    placeholder: "街道、门牌号、楼栋与房间",
    autoComplete: "street-address",
  },
  {
    key: "postcode",
    label: "邮编（可选）",
    placeholder: "6 位数字",
    inputMode: "numeric",
    autoComplete: "postal-code",
  },
];

export default function ReadBookAddressRoute({ loaderData: d }: Route.ComponentProps) {
  const { info } = d;
  const { api } = usePlatform();
  const signIn = useSignIn();
  const empty: PostalAddress = {
    name: "",
    mobile: "",
    province: "",
    city: "",
    district: "",
    detail: "",
    postcode: "",
  };
  const [value, setValue] = useState<PostalAddress>({ ...empty, ...(info.address ?? {}) });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<PostalAddressView | null>(null);
  const [busy, setBusy] = useState(false);
  const problems = addressProblems(value);

  if (!info.joined)
    return (
      <main className="tj-books">
        <h1 className="tj-books__title">收货地址</h1>
        <p className="tj-empty">报名读书挑战后才能填写领奖地址。</p>
        <AppLink className="tj-button tj-button--block" to="/readbook">
          去报名
        </AppLink>
      </main>
    );

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setSaved(null);
    setTouched(Object.fromEntries(FIELDS.map((f) => [f.key, true])));
    const first = Object.values(problems)[0];
    if (first) return setError(first);
    setBusy(true);
    try {
      setSaved(await api.post<PostalAddressView>("/api/readbook/y/address", { ...value }));
    } catch (failure) {
      setError(failureMessage(failure, signIn));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="tj-books">
      <h1 className="tj-books__title">收货地址</h1>
      <p className="tj-books__lead">完成挑战后，{info.reward}将寄到这里。</p>
      {saved && (
        <p className="tj-form__ok" role="status">
          地址已保存：{saved.province}
          {saved.city}
          {saved.district}
          {saved.detail}。<AppLink to="/readbook">回到挑战页</AppLink>
        </p>
      )}
      <form className="tj-form" onSubmit={submit} noValidate>
        {FIELDS.map((f) => {
          const problem = touched[f.key] ? problems[f.key] : undefined;
          const id = `tj-address-${f.key}`;
          return (
            <div className="tj-form__field" key={f.key}>
              <label htmlFor={id}>{f.label}</label>
              <input
                id={id}
                name={f.key}
                value={value[f.key] ?? ""}
                placeholder={f.placeholder}
                inputMode={f.inputMode}
                autoComplete={f.autoComplete}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-error` : undefined}
                onChange={(e) => setValue({ ...value, [f.key]: e.target.value })}
                onBlur={() => setTouched({ ...touched, [f.key]: true })}
              />
              {problem && (
                <p className="tj-form__error" id={`${id}-error`}>
                  {problem}
                </p>
              )}
            </div>
          );
        })}
        {error && (
          <p className="tj-form__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="tj-button tj-button--block" disabled={busy}>
          {busy ? "保存中…" : "保存地址"}
        </button>
      </form>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
