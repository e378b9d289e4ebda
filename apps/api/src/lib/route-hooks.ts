import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preHandler' | 'onSend';

/**
 * Adds a hook to one route while it is being declared (from an onRoute hook), so a hook runs only on the routes that
 * need it instead of on every request. `first` puts it before the route's own hooks of that kind.
 */
export function addRouteHook<Name extends HookName>(
  route: RouteOptions,
  name: Name,
  hook: NonNullable<RouteOptions[Name]> extends infer H ? (H extends readonly (infer E)[] ? E : H) : never,
  { first = false }: { first?: boolean } = {},
): void {
  const existing = route[name];
  const list = existing === undefined ? [] : Array.isArray(existing) ? [...existing] : [existing];
  route[name] = (first ? [hook, ...list] : [...list, hook]) as RouteOptions[Name];
}

/** Whether a route answers any method that changes state. */
export function changesState(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.some((method) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method.toUpperCase()));
}
