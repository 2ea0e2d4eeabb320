import { data, type ServerBuild } from "react-router";
import { logDatabaseUnavailable } from "~/lib/database-unavailable-log.server";
import { isDatabaseUnavailable } from "~/lib/errors";

type Handler = (args: unknown) => unknown;

function answerOutagesWith503(handler: Handler | undefined): Handler | undefined {
  if (!handler) return handler;
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        logDatabaseUnavailable(error);
        throw data({ reason: "database-unavailable" }, { status: 503 });
      }
      throw error;
    }
  };
}

/**
 * The build with every route's loader and action answering a database outage as a 503 route error,
 * which the root error boundary shows as the connection-trouble screen. One place instead of a
 * try/catch in each loader: most pages read settings and the catalogue from memory, so the first
 * query that finds the database gone can be any route's.
 */
export function withDatabaseOutages(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      if (!route) return [id, route];
      const module = route.module as unknown as Record<string, unknown>;
      const wrapped = {
        ...module,
        loader: answerOutagesWith503(module.loader as Handler),
        action: answerOutagesWith503(module.action as Handler),
      };
      return [id, { ...route, module: wrapped as unknown as typeof route.module }];
    }),
  );
  return { ...build, routes } as ServerBuild;
}
