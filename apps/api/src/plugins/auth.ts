import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isStaffPermission, staffMay, type StaffPermission } from '@playhouse/shared';
import type { AuthConfig } from '../config';
import { addRouteHook } from '../lib/route-hooks';
import type { ClientInfo } from '../services/accounts/account-service';
import { ForbiddenError, FreshSecondFactorError, UnauthorizedError } from '../services/auth/auth-errors';
import { SESSION_COOKIE, type NewSession, type SessionUser } from '../services/auth/session-service';
import type { StaffActor } from '../services/staff/staff-queries';

type Guard = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The staff permission (packages/shared/src/staff/permissions.ts) a route needs. Checked when the request
     * arrives, before its body is read or validated: 401 for visitors, 403 for players and for staff whose roles do
     * not grant it. Every /spa/staff route must name one.
     */
    permission?: StaffPermission;
    /**
     * Another way in for machines (a feed process's token): true lets the request through without a staff session,
     * a thrown error refuses it, false falls back to the permission check.
     */
    permissionAlternative?: (request: FastifyRequest) => Promise<boolean>;
    /**
     * Moves money or changes what staff may do (approving, paying, re-settling, roles, the four-eyes threshold): the
     * session's last verified TOTP code must be at most `freshSecondFactorMs` old, else 403
     * fresh_second_factor_required and the staff member enters a code again (POST /spa/auth/staff/second-factor).
     */
    freshSecondFactor?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie; null for visitors. */
    user: SessionUser | null;
    sessionId: number | null;
    /** When the session's last TOTP code was verified (staff); null for players and visitors. */
    secondFactorAt: Date | null;
    /** The staff member calling a route that names a permission, with their roles; null elsewhere. */
    staff: StaffActor | null;
  }
  interface FastifyReply {
    /** Sets the session cookie for a session that has just started. */
    startSession: (session: NewSession) => FastifyReply;
    /** Tells the browser to drop the session cookie. */
    endSession: () => FastifyReply;
  }
  interface FastifyInstance {
    /** preHandler: 401 `unauthorized` unless signed in. */
    requireUser: Guard;
    /** Per-address limits of the account routes (config), for their `rateLimit` route options. */
    authLimits: AuthConfig['limits'];
    /** Whether cookies carry Secure (the site is served over https). */
    secureCookies: boolean;
    /** Every route that names a staff permission (filled as routes are added; the route-walk test reads it). */
    permissionedRoutes: { method: string; url: string; permission: StaffPermission }[];
  }
}

/** The signed-in user of a route guarded by requireUser/requireStaff. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}

/** The staff member calling a route that names a permission (the auth plugin has checked it). */
export function staffActor(request: FastifyRequest): StaffActor {
  if (!request.staff) throw new UnauthorizedError();
  return request.staff;
}

/** Where staff routes live: each must name its permission. */
const STAFF_PREFIX = '/spa/staff';

/** The caller as the account service records it; the language is the request's when the route is localized. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.clientAddress || null,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    locale: request.localeContext,
    country: request.visitorCountry,
  };
}

/**
 * Sessions: the `ph_session` cookie (an opaque token; the database holds only its SHA-256) becomes request.user.
 * Publicly cached routes do not run the lookup at all (their answer is the same for everyone); on the others it runs
 * after the route's rate limit, so a refused request costs no database read.
 */
export const authPlugin = fp<{
  secureCookies: boolean;
  limits: AuthConfig['limits'];
  freshSecondFactorMs: number;
}>(
  async (app, { secureCookies, limits, freshSecondFactorMs }) => {
    app.decorate('authLimits', limits);
    app.decorate('secureCookies', secureCookies);
    const cookieOptions = { httpOnly: true, sameSite: 'lax', path: '/', secure: secureCookies } as const;

    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('secondFactorAt', null);
    app.decorateRequest('staff', null);
    app.decorate('permissionedRoutes', []);

    // A staff route without a permission would be open to every staff role: the app does not start with one.
    app.addHook('onRoute', (route) => {
      const permission = route.config?.permission;
      if (permission !== undefined && !isStaffPermission(permission)) {
        throw new Error(`${route.method} ${route.url}: unknown staff permission "${String(permission)}"`);
      }
      if (route.url.startsWith(STAFF_PREFIX) && permission === undefined) {
        throw new Error(`${route.method} ${route.url}: a staff route must name its permission (config.permission)`);
      }
      if (permission === undefined) return;
      if (route.config?.publicCache) {
        throw new Error(
          `${route.method} ${route.url}: a route that names a staff permission cannot be publicly cached`,
        );
      }
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') app.permissionedRoutes.push({ method, url: route.url, permission });
      }
    });

    /** 401 for visitors, 403 for anyone but staff; the staff member with their roles otherwise. */
    async function staffCaller(request: FastifyRequest): Promise<StaffActor> {
      if (!request.user) throw new UnauthorizedError();
      const actor =
        request.user.role === 'staff'
          ? await app.services.staff.members.actorOf(request.user.id, request.clientAddress || null)
          : null;
      if (!actor) throw new ForbiddenError();
      request.staff = actor;
      return actor;
    }
    app.decorateReply('startSession', function startSession(this: FastifyReply, session: NewSession) {
      const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000));
      return this.setCookie(SESSION_COOKIE, session.token, { ...cookieOptions, maxAge });
    });
    app.decorateReply('endSession', function endSession(this: FastifyReply) {
      return this.clearCookie(SESSION_COOKIE, cookieOptions);
    });

    const resolveSession = async (request: FastifyRequest, reply: FastifyReply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      const session = await app.services.sessions.resolve(token);
      if (!session) {
        reply.endSession();
        return;
      }
      request.user = session.user;
      request.sessionId = session.sessionId;
      request.secondFactorAt = session.secondFactorAt;
      if (session.refreshed) {
        const maxAge = Math.floor((session.expiresAt.getTime() - Date.now()) / 1000);
        reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge });
      }
    };
    // Who calls is checked before anything of the request is read: a visitor or a player learns nothing of a staff
    // route's contract (no validation errors), and a staff member only reaches what their roles allow.
    const checkPermission = async (request: FastifyRequest) => {
      const { permission, permissionAlternative } = request.routeOptions.config;
      if (permission === undefined) return;
      if (permissionAlternative && (await permissionAlternative(request))) return;
      const actor = await staffCaller(request);
      if (!staffMay(actor.roles, permission)) {
        throw new ForbiddenError('Your staff roles do not allow this.');
      }
      if (request.routeOptions.config.freshSecondFactor) {
        const verifiedAt = request.secondFactorAt?.getTime() ?? 0;
        if (app.services.sessions.now().getTime() - verifiedAt > freshSecondFactorMs) {
          throw new FreshSecondFactorError(freshSecondFactorMs);
        }
      }
    };
    app.addHook('onRoute', (route) => {
      if (!route.config?.publicCache) addRouteHook(route, 'onRequest', resolveSession);
      // After the session lookup (a route hook too), still before the body is parsed.
      if (route.config?.permission !== undefined) addRouteHook(route, 'onRequest', checkPermission);
    });

    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!request.user) throw new UnauthorizedError();
    });
  },
  { name: 'auth', dependencies: ['accounts', '@fastify/cookie'] },
);

/** `config.rateLimit` of a route limited per client address. */
export function perAddress(limit: { max: number; windowMs: number }) {
  return { rateLimit: { max: limit.max, timeWindow: limit.windowMs } };
}
