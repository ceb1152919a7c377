// The promotions' admin commands share this: the server's database (DATABASE_URL, SQLITE_PATH,
// DATA_DIR), migrated, with the promotions service over it. The commands make campaigns and codes;
// none gives a product (that is the server's order service, when a reader redeems).
import { readServerConfig } from "../apps/api/src/server-config.ts";

export async function withPromotions<T>(
  run: (
    promotions: import("@tongjian/services/promotions/promotions.server").Promotions,
  ) => Promise<T>,
): Promise<T> {
  const { createDatabase } = await import("@tongjian/db/create-database");
  const { migrateToLatest } = await import("@tongjian/db/migrate");
  const { createAttemptLimiter } = await import("@tongjian/services/accounts/attempt-limiter");
  const { createDatabaseStore } = await import("@tongjian/services/key-value-repository");
  const { createPromotions } = await import("@tongjian/services/promotions/promotions.server");
  const config = readServerConfig(process.env);
  const handle = createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    await migrateToLatest(handle.db);
    return await run(
      createPromotions({
        db: handle.db,
        limiter: createAttemptLimiter(createDatabaseStore(handle.db)),
        complimentary: {
          grant: async () => {
            throw new Error("管理命令不发放商品：读者兑换时由服务器的订单服务发放");
          },
        },
        canGive: async () => false,
      }),
    );
  } finally {
    await handle.close();
  }
}

/** "2027-06-30" is the end of that China day; a full ISO instant is taken as it is. */
export function parseInstant(value: string, endOfDay: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value))
    return new Date(`${value}T${endOfDay ? "23:59:59" : "00:00:00"}+08:00`);
  return new Date(value);
}
