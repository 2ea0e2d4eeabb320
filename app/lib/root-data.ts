import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The shop facts every page shares (brand, contact, shipping rule, categories). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

type MetaMatch = { id: string; data?: unknown } | undefined;

export function rootDataFromMatches(matches: MetaMatch[]): RootData | undefined {
  return matches.find((m) => m?.id === "root")?.data as RootData | undefined;
}
