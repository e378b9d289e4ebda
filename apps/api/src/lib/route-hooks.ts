import type { FastifyInstance, RouteOptions } from 'fastify';

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

/**
 * Every answer of the routes registered in this plugin, errors included, says `no-store`, whatever a handler set:
 * for a plugin whose answers are one caller's own or move money.
 */
export function answerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
}
