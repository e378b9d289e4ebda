import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LOCALE } from '@playhouse/shared';
import type { AuthConfig } from '../config';
import { addRouteHook } from '../lib/route-hooks';
import type { ClientInfo } from '../services/accounts/account-service';
import { ForbiddenError, UnauthorizedError } from '../services/auth/auth-errors';
import { SESSION_COOKIE, type NewSession, type SessionUser } from '../services/auth/session-service';

type Guard = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie; null for visitors. */
    user: SessionUser | null;
    sessionId: number | null;
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
    /** preHandler: 401 unless signed in, 403 `forbidden` unless staff or admin. */
    requireStaff: Guard;
    /** Per-address limits of the account routes (config), for their `rateLimit` route options. */
    authLimits: AuthConfig['limits'];
  }
}

const STAFF_ROLES = new Set<SessionUser['role']>(['staff', 'admin']);

/** The signed-in user of a route guarded by requireUser/requireStaff. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}

/** The caller as the account service records it; the language is the request's when the route is localized. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.clientAddress || null,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    locale: request.localeContext ?? { locale: DEFAULT_LOCALE, defaultLocale: DEFAULT_LOCALE },
  };
}

/**
 * Sessions: the `ph_session` cookie (an opaque token; the database holds only its SHA-256) becomes request.user.
 * Publicly cached routes do not run the lookup at all (their answer is the same for everyone); on the others it runs
 * after the route's rate limit, so a refused request costs no database read.
 */
export const authPlugin = fp<{ secureCookies: boolean; limits: AuthConfig['limits'] }>(
  async (app, { secureCookies, limits }) => {
    app.decorate('authLimits', limits);
    const cookieOptions = { httpOnly: true, sameSite: 'lax', path: '/', secure: secureCookies } as const;

    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
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
      if (session.refreshed) {
        const maxAge = Math.floor((session.expiresAt.getTime() - Date.now()) / 1000);
        reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge });
      }
    };
    app.addHook('onRoute', (route) => {
      if (!route.config?.publicCache) addRouteHook(route, 'onRequest', resolveSession);
    });

    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!request.user) throw new UnauthorizedError();
    });
    app.decorate('requireStaff', async (request: FastifyRequest) => {
      if (!request.user) throw new UnauthorizedError();
      if (!STAFF_ROLES.has(request.user.role)) throw new ForbiddenError();
    });
  },
  { name: 'auth', dependencies: ['accounts', '@fastify/cookie'] },
);

/** `config.rateLimit` of a route limited per client address. */
export function perAddress(limit: { max: number; windowMs: number }) {
  return { rateLimit: { max: limit.max, timeWindow: limit.windowMs } };
}
