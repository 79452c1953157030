import { ROUTE_GROUPS, ROUTES, type RouteGroup, type RouteSpec } from "@lg/lambdas/api/routes";

export interface MatchedRoute {
  route: RouteSpec;
  entry: string;
  pathParameters: Record<string, string>;
}

interface CompiledRoute {
  route: RouteSpec;
  pattern: RegExp;
  names: string[];
}

const compiled: CompiledRoute[] = ROUTES.map((route) => {
  const names: string[] = [];
  const source = route.path
    .split("/")
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(param);
      return "([^/]+)";
    })
    .join("/");
  return { route, pattern: new RegExp(`^${source}$`), names };
});

/**
 * Matches a request against the route table as API Gateway does: exact method and path template,
 * static routes winning over templated ones. "no-method" means the path exists for other methods.
 */
export function matchRoute(method: string, path: string): MatchedRoute | "no-route" | "no-method" | "bad-encoding" {
  const candidates = compiled
    .map((c) => ({ c, match: c.pattern.exec(path) }))
    .filter((x): x is { c: CompiledRoute; match: RegExpExecArray } => x.match !== null)
    .sort((a, b) => a.c.names.length - b.c.names.length);
  if (candidates.length === 0) return "no-route";
  const hit = candidates.find((x) => x.c.route.method === method);
  if (!hit) return "no-method";
  const values = hit.c.names.map((_, i) => decodePathSegment(hit.match[i + 1]!));
  if (values.some((v) => v === null)) return "bad-encoding";
  const pathParameters = Object.fromEntries(hit.c.names.map((n, i) => [n, values[i]!]));
  return { route: hit.c.route, entry: ROUTE_GROUPS[hit.c.route.group as RouteGroup].entry, pathParameters };
}

/** A path segment's percent-decoding, or null when it is malformed (API Gateway answers 400). */
export function decodePathSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
