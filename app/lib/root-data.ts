import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

type LoaderResult = Awaited<ReturnType<typeof loader>>;
export type RootData = LoaderResult extends { data: infer D } ? D : LoaderResult;

/** The shop facts every page shares (brand, contact, shipping rule, categories). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root") as RootData | undefined;
}

type MetaMatch = { id: string; data?: unknown } | undefined;

export function rootDataFromMatches(matches: MetaMatch[]): RootData | undefined {
  return matches.find((m) => m?.id === "root")?.data as RootData | undefined;
}
