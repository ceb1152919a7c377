// Prints how many spec routes are built and how many are still planned, per area.
import { ROUTE_MANIFEST } from "@tongjian/domain/route-manifest";

const rows = new Map<string, { built: number; planned: number }>();
for (const route of ROUTE_MANIFEST) {
  const row = rows.get(route.area) ?? { built: 0, planned: 0 };
  if (route.module) row.built += 1;
  else row.planned += 1;
  rows.set(route.area, row);
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(`${pad("area", 12)}${pad("built", 8)}${pad("planned", 9)}total`);
let built = 0;
let planned = 0;
for (const [area, row] of [...rows].sort((a, b) => a[0].localeCompare(b[0]))) {
  console.log(
    `${pad(area, 12)}${pad(row.built, 8)}${pad(row.planned, 9)}${row.built + row.planned}`,
  );
  built += row.built;
  planned += row.planned;
}
console.log(`${pad("all", 12)}${pad(built, 8)}${pad(planned, 9)}${built + planned}`);
if (process.argv.includes("--list")) {
  for (const route of ROUTE_MANIFEST) {
    console.log(
      `${route.module ? "built  " : "planned"}  ${pad(route.area, 11)} ${route.path}  ${route.title}`,
    );
  }
}
