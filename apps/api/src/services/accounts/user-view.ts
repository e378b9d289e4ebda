import { DEFAULT_LOCALE, DEFAULT_ODD_TYPE, isCurrency, isLocale, isOddType, type User } from '@playhouse/shared';
import type { SessionUser } from '../auth/session-service';

/** The user as callers see it: an allow-list of fields, never the row itself. */
export function toUserView(user: SessionUser): User {
  if (!isCurrency(user.currency)) throw new Error(`User ${user.id} has an unknown currency ${user.currency}`);
  return {
    id: user.id,
    login: user.email,
    username: user.username,
    email: user.email,
    currency: user.currency,
    country: user.country,
    phone: user.phone,
    dateOfBirth: user.dateOfBirth,
    locale: isLocale(user.locale) ? user.locale : DEFAULT_LOCALE,
    timezone: user.timezone,
    oddType: isOddType(user.oddType) ? user.oddType : DEFAULT_ODD_TYPE,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
  };
}
