/**
 * THE permission table of the back office: what each staff role may read and do. The api enforces it on every staff
 * route (a route names its permission in `config.permission`; the app refuses to start with a /spa/staff route that
 * names none), the ops command line goes through those routes, and the back office shows what a role may use.
 *
 * To add a permission: one line here, `'<area>.<verb>': [roles...]`, then `config: { permission: '<area>.<verb>' }`
 * on the route. A staff member may hold several roles and may do what any of them allows.
 */
export const STAFF_ROLES = ['support', 'finance', 'risk', 'trader', 'marketing', 'content', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/**
 * The roles that touch money or players: granting one (an invitation or a role change) is a request a second admin
 * approves. Support is among them (it reads players' personal data, blocks players, reviews identity documents and
 * asks for adjustments); only content, which edits the site and the catalogue, is granted by one admin.
 */
export const FOUR_EYES_ROLES: readonly StaffRole[] = ['support', 'finance', 'risk', 'trader', 'marketing', 'admin'];

/** Whether granting `roles` (to someone who holds `current`) needs a second admin: it adds a four-eyes role. */
export function grantNeedsSecondAdmin(roles: readonly StaffRole[], current: readonly StaffRole[] = []): boolean {
  return roles.some((role) => FOUR_EYES_ROLES.includes(role) && !current.includes(role));
}

export const STAFF_PERMISSIONS = {
  /** Their own staff profile, roles and permissions (every staff member). */
  'staff.self': [...STAFF_ROLES],

  /** Create a player account on someone's behalf. */
  'players.create': ['support', 'admin'],
  /** A player's balances and ledger (personal data: the view is audited). */
  'players.ledger.read': ['support', 'finance', 'risk'],
  /** Search players; a player's profile, bets, game rounds, bonuses, payments, withdrawals, sessions (views audited). */
  'players.read': ['support', 'finance', 'risk'],
  /** End all of a player's sessions, web and game (audited). */
  'players.sessions.end': ['support', 'risk'],
  /** Read and append staff notes on a player (never edited or deleted). */
  'players.notes': ['support', 'finance', 'risk'],
  /** Block a player (no sign-in, no play, open sessions end) or unblock them, with a reason (audited). */
  'players.block': ['support', 'risk'],
  /** Add and remove a player's tags. */
  'players.tags': ['support', 'risk', 'marketing'],
  /** The mail log: who was sent what (personal data: the view is audited). */
  'outbox.read': ['support', 'admin'],

  'withdrawals.read': ['finance', 'risk'],
  /** The first of two eyes on a payout: approve a pending withdrawal. */
  'withdrawals.approve': ['finance'],
  /** The second: pay an approved one (never the member who approved it). */
  'withdrawals.pay': ['finance'],
  'withdrawals.reject': ['finance', 'risk'],

  'adjustments.read': ['finance', 'risk'],
  /** Ask for a manual credit or debit; it moves no money until someone else approves it. */
  'adjustments.request': ['support', 'finance'],
  'adjustments.approve': ['finance'],
  /**
   * The settings that widen what one person may do alone: the four-eyes threshold of manual adjustments and the
   * campaign limits per currency. A change is a request; a second admin approves it.
   */
  'settings.money': ['admin'],

  /** The dashboard: deposits, withdrawals, bets, wins, GGR/NGR, bonus cost and players per day, from the ledger. */
  'dashboard.read': ['finance', 'risk', 'marketing', 'admin'],
  /** Run the reconciliation now: balances against entries, open rounds and provider bets (read only). */
  'reconciliation.read': ['finance', 'risk', 'admin'],

  /** Deposits and every webhook delivery of each with its outcome (personal data: the views are audited). */
  'payments.read': ['finance', 'risk'],
  /** Make the sandbox payment provider decide a payment that stayed pending (no real provider has this). */
  'payments.sandbox-settle': ['finance'],

  'bonuses.read': ['support', 'finance', 'marketing'],
  /** Ask for a campaign to be offered to a player; it is offered once someone else approves. */
  'bonuses.offer.request': ['support', 'marketing'],
  'bonuses.offer.approve': ['marketing'],
  'bonuses.expire': ['marketing'],
  /**
   * Create, edit, pause, resume and end bonus campaigns and add their promo codes (reading them is bonuses.read). A
   * new campaign, an edit and a new promo code wait for a second marketing member's approval.
   */
  'campaigns.manage': ['marketing'],
  /** Approve (or turn down) another marketing member's campaign, edit or promo code: only then does it offer. */
  'campaigns.approve': ['marketing'],
  /** Registrations, depositors, deposits and NGR per affiliate (registration) code. */
  'affiliates.read': ['marketing', 'finance'],

  'chat.read': ['support'],
  'chat.reply': ['support'],

  /** Identity documents: the review queue and the files (personal data: each view is audited). */
  'documents.read': ['support', 'risk'],
  /** Approve or reject a pending document (never one's own); the player is told by e-mail. */
  'documents.review': ['support', 'risk'],
  /** A player's limits, breaks and verification, and the markers of harm (read only; views are audited). */
  'protection.read': ['support', 'risk'],
  /** Run the markers-of-harm rules now and mark a flag reviewed. */
  'protection.flags': ['risk'],

  /** The casino's games, categories and providers as the back office manages them. */
  'casino.read': ['content', 'admin'],
  /** Enable, lock and order games, demo play on or off, the categories a game is in and their order. */
  'casino.manage': ['content', 'admin'],
  /** Enable, disable and order game providers (their wallet integration is an operator's contract). */
  'casino.providers': ['admin'],

  /** Publish the site's announcement (the info popup) in place of the current one, or take it down. */
  'content.publish': ['content', 'marketing'],
  /** The back office's content screens: slides, banners, bonus info, articles, page metadata, texts and locales. */
  'content.read': ['content', 'marketing'],
  /** Edit what the site shows in the promotion places: home slides, banners and the bonus info block. */
  'content.promotions': ['content', 'marketing'],
  /** Edit articles and page metadata. */
  'content.manage': ['content'],
  /** Edit the UI texts of a locale (an ICU message check first). */
  'content.translations': ['content'],
  /** Add a locale, or make one the default. */
  'content.locales': ['content'],

  /** Push an odds-feed delivery with a staff session (feed processes use FEED_TOKEN). */
  'sports.feed': ['trader'],
  /** Fixtures, markets, liability per outcome and the bet search. */
  'trading.read': ['trader', 'risk'],
  /**
   * Suspend and resume markets and matches; settle and void markets (the ledger follows). Changing a result after the
   * market paid out is a request a second member approves.
   */
  'trading.manage': ['trader'],
  /** Approve (or turn down) another trader's change of a result that already paid out. */
  'trading.results.approve': ['trader', 'risk'],

  /** Check a receipt a player brings: the signature, and whether the api issued exactly it and to whom. */
  'receipts.verify': ['support', 'finance', 'risk'],
  /** Make a new receipt signing key (the old ones stay published); not for a key from the environment. */
  'receipts.keys': ['admin'],

  'audit.read': ['risk', 'admin'],
  'staff.read': ['admin'],
  /**
   * Invite staff, change their roles, block them, reset their second factor; approve another admin's invitation or
   * grant of a role that touches money or players (FOUR_EYES_ROLES).
   */
  'staff.manage': ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type StaffPermission = keyof typeof STAFF_PERMISSIONS;
export const STAFF_PERMISSION_NAMES = Object.keys(STAFF_PERMISSIONS) as StaffPermission[];

export function isStaffPermission(name: string): name is StaffPermission {
  return Object.hasOwn(STAFF_PERMISSIONS, name);
}

/** Whether a staff member holding `roles` may use `permission`. */
export function staffMay(roles: readonly StaffRole[], permission: StaffPermission): boolean {
  const allowed: readonly StaffRole[] = STAFF_PERMISSIONS[permission];
  return roles.some((role) => allowed.includes(role));
}

/** Every permission `roles` grant, in table order. */
export function staffPermissionsOf(roles: readonly StaffRole[]): StaffPermission[] {
  return STAFF_PERMISSION_NAMES.filter((permission) => staffMay(roles, permission));
}
