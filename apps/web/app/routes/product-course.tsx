import type { ProductView } from "@tongjian/contracts/commerce";
import { LADDER_KIND_LABEL, LADDER_KIND_PATH, type LadderKind } from "@tongjian/domain/ladder";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { levelPath } from "../features/ladder/ladder-parts.tsx";
import { storePageBasics } from "../features/store/store-page.server.ts";
import { PriceTag, StoreEmpty } from "../features/store/store-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { isNotFoundError } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/product-course";
import "../features/store/store.css";

// 天梯课程 (/productDetail/ladder: every ladder course), 文史课程 (/productDetail/wenshi/{id?},
// id a level of the 文史天梯 or the course) and 少儿天梯课程 (/lLadderProductDetail): what a
// course opens, level by level, linking to the ladder's content, with the buy button.
const ID = /^[a-z0-9-]{1,60}$/i;

async function ladderOf(context: Route.LoaderArgs["context"], kind: LadderKind) {
  try {
    return await context.services.ladders.ladderOfKind(context.viewer, kind);
  } catch (error) {
    if (isNotFoundError(error)) return null;
    throw error;
  }
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const basics = storePageBasics(context, request);
  const courses = (await context.services.catalogue.list("course")).filter((p) => p.ladder);
  const only: LadderKind | null = url.pathname.startsWith("/lLadderProductDetail")
    ? "young"
    : url.pathname.startsWith("/productDetail/wenshi")
      ? "wenshi"
      : null;
  const shown = only ? courses.filter((p) => p.ladder === only) : courses;
  const items = await Promise.all(
    shown.map(async (product) => {
      const ladder = product.ladder ? await ladderOf(context, product.ladder) : null;
      return {
        product,
        ladder: ladder && {
          key: ladder.key,
          title: ladder.title,
          intro: ladder.intro,
          learningAccess: ladder.learningAccess,
          levels: ladder.levels.map((l) => ({
            id: l.id,
            key: l.key,
            title: l.title,
            position: l.position,
            sample: l.sample,
            access: l.access,
            ladderKind: l.ladderKind,
          })),
        },
      };
    }),
  );
  const id = params.id && ID.test(params.id) ? params.id : null;
  return { items, only, focus: id, ...basics };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta({ data }: Route.MetaArgs) {
  const title = data?.only ? `${LADDER_KIND_LABEL[data.only]}课程` : "天梯课程";
  return [{ title: `${title} - ${PRODUCT_NAME}` }];
}

function buyHref(p: ProductView, returnPath: string | null) {
  return `/upgradepay?product=${p.key}${returnPath ? `&returnPath=${encodeURIComponent(returnPath)}` : ""}`;
}

export default function CourseProduct({ loaderData: d }: Route.ComponentProps) {
  return (
    <main className="tj-store">
      <h1 className="tj-store__title">
        {d.only ? `${LADDER_KIND_LABEL[d.only]}课程` : "天梯课程"}
      </h1>
      <p className="tj-store__lead">
        买一次，永久解锁整条天梯的全部关卡；每条天梯都有免费试学关，先学后买。会员在有效期内同样可学全部关卡。
      </p>
      {d.items.length === 0 && <StoreEmpty>课程暂未开售</StoreEmpty>}
      {d.items.map(({ product: p, ladder }) => {
        const focus = ladder?.levels.find((l) => l.id === d.focus || l.key === d.focus) ?? null;
        const back = focus
          ? levelPath(focus)
          : (d.returnPath ?? (ladder ? `/ladder/${ladder.key}` : null));
        return (
          <section
            key={p.key}
            className="tj-store__section tj-store__card"
            data-testid="course-product"
          >
            <div className="tj-store__row">
              <h2 className="tj-store__order-title">{p.title}</h2>
              <PriceTag product={p} />
            </div>
            <p className="tj-store__muted">{p.subtitle}</p>
            {focus && (
              <p className="tj-store__lead">
                第 {focus.position + 1} 关「{focus.title}」需要开通课程后学习。
              </p>
            )}
            {ladder && (
              <>
                <p className="tj-store__muted">{ladder.intro}</p>
                <ol className="tj-store__list" aria-label={`${ladder.title}的关卡`}>
                  {ladder.levels.map((l) => (
                    <li key={l.id} className="tj-store__row" data-focus={l === focus}>
                      <AppLink to={levelPath(l)}>
                        第 {l.position + 1} 关 {l.title}
                      </AppLink>
                      <span className="tj-store__muted">
                        {l.sample ? "免费试学" : l.access ? "已解锁" : "开通后可学"}
                      </span>
                    </li>
                  ))}
                </ol>
              </>
            )}
            <div className="tj-store__actions">
              {ladder?.learningAccess ? (
                <AppLink className="tj-button tj-button--block" to={`/ladder/${ladder.key}`}>
                  已开通，去学习
                </AppLink>
              ) : (
                <AppLink className="tj-button tj-button--block" to={buyHref(p, back)}>
                  立即购买
                </AppLink>
              )}
              {p.ladder && (
                <AppLink
                  className="tj-button tj-button--ghost tj-button--block"
                  to={LADDER_KIND_PATH[p.ladder]}
                >
                  先去试学
                </AppLink>
              )}
            </div>
          </section>
        );
      })}
      <p className="tj-store__muted">
        <AppLink to="/buyvip">开通会员，全部天梯一起学</AppLink>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
