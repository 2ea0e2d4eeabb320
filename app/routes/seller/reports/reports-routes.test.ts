import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { REPORT_NAMES } from "~/modules/reports/report-names";
import routes from "~/routes";

/** app/routes.ts as React Router matches it: which file serves a path. */
function fileFor(path: string): string | undefined {
  const toObject = (entry: RouteConfigEntry): RouteObject =>
    ({
      id: entry.id ?? entry.file,
      path: entry.path,
      index: entry.index,
      children: entry.children?.map(toObject),
      handle: entry.file,
    }) as RouteObject;
  return matchRoutes((routes as RouteConfigEntry[]).map(toObject), path)?.at(-1)?.route.handle as string | undefined;
}

describe("the reports' addresses", () => {
  it("every report has its page and its CSV, the CSV outranking the page's :name", () => {
    for (const name of REPORT_NAMES) {
      expect(fileFor(`/seller/reports/${name}`)).toBe("routes/seller/reports/reports.tsx");
      expect(fileFor(`/seller/reports/${name}.csv`)).toBe("routes/seller/reports/reports-csv.ts");
      expect(fileFor(`/api/seller/reports/${name}`)).toBe("routes/api/seller-report.ts");
    }
    expect(fileFor("/seller/reports")).toBe("routes/seller/reports/reports.tsx");
    // The accountant's CSV of tax withheld by couriers (issue 45), not a report page's :name.
    expect(fileFor("/seller/reports/tax-withheld.csv")).toBe("routes/seller/reports/tax-withheld-csv.ts");
  });
});
