import { z } from 'zod';
import { CURRENCY_CODES } from '../money';
import { LOCALES } from '../locales';
import { ODD_TYPES } from '../odds';

/** ISO 3166-1 alpha-2: the officially assigned codes (no reserved or user-assigned ones). */
// prettier-ignore
export const COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB', 'BD',
  'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ', 'CA',
  'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE',
  'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA',
  'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK',
  'HM', 'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP',
  'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT',
  'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS',
  'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ',
  'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS',
  'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST',
  'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW',
  'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA',
  'ZM', 'ZW',
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

/** Players must be this old on the server's clock to register. */
export const MINIMUM_AGE_YEARS = 18;
/** Earliest date of birth accepted: anything older is a typing slip. */
export const EARLIEST_BIRTH_DATE = '1900-01-01';

/**
 * The latest date of birth (YYYY-MM-DD) of someone who is MINIMUM_AGE_YEARS old on `now`'s UTC day. A birthday on
 * 29 February counts as 1 March in other years.
 */
export function latestAdultBirthDate(now: Date): string {
  const year = now.getUTCFullYear() - MINIMUM_AGE_YEARS;
  const month = now.getUTCMonth();
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(now.getUTCDate(), daysInMonth))).toISOString().slice(0, 10);
}

export function isAdult(dateOfBirth: string, now: Date): boolean {
  return dateOfBirth <= latestAdultBirthDate(now);
}

/**
 * Field rules: each form field and each request body is built from these, so the constraints /spa/forms reports and
 * the validation the api applies cannot drift apart.
 */
export const FIELD_RULES = {
  email: z.email().max(254),
  username: z
    .string()
    .min(3)
    .max(24)
    .regex(/^[a-zA-Z0-9_]+$/),
  /** E-mail or username, as typed at login. */
  login: z.string().trim().min(1).max(254),
  /** A password being chosen now. */
  newPassword: z.string().min(10).max(128),
  /** A password being checked: older rules may have allowed other lengths, so only the upper bound is kept. */
  password: z.string().min(1).max(128),
  /** International format as typed ("+49 151 2345678"); the api validates the number and stores it as E.164. */
  phone: z
    .string()
    .min(7)
    .max(32)
    .regex(/^\+[1-9][0-9 ().-]{5,30}$/),
  country: z.enum(COUNTRY_CODES),
  currency: z.enum(CURRENCY_CODES),
  dateOfBirth: z.iso.date(),
  /** The name as on an identity document: with the date of birth it finds a person's other accounts. */
  fullName: z.string().trim().min(2).max(100),
  termsAccepted: z.literal(true),
  promoCode: z
    .string()
    .max(32)
    .regex(/^[A-Za-z0-9_-]*$/),
  timezone: z.string().min(1).max(64),
  oddType: z.enum(ODD_TYPES),
  /** The password-reset token from the e-mailed link: 32 random bytes, base64url. */
  resetToken: z
    .string()
    .length(43)
    .regex(/^[A-Za-z0-9_-]+$/),
  fingerprint: z
    .string()
    .length(32)
    .regex(/^[0-9a-fA-F]+$/),
} as const;

/** The ALTCHA widget's payload: base64 of `{ challenge, solution }`, as its hidden `altcha` field carries it. */
export const captchaSolutionSchema = z
  .string()
  .min(1)
  .max(4096)
  .regex(/^[A-Za-z0-9+/=]+$/)
  .meta({ id: 'CaptchaSolution', description: 'The ALTCHA payload (base64)' });
export type CaptchaSolution = z.infer<typeof captchaSolutionSchema>;
/** Required, but checked by the api itself: a missing solution is a failed captcha (400 captcha_invalid), not a malformed body. */
const requiredCaptcha = captchaSolutionSchema.optional().meta({ description: 'Required: a solved captcha challenge' });

export const registerBodySchema = z
  .object({
    email: FIELD_RULES.email,
    username: FIELD_RULES.username,
    password: FIELD_RULES.newPassword,
    phone: FIELD_RULES.phone,
    country: FIELD_RULES.country,
    currency: FIELD_RULES.currency,
    dateOfBirth: FIELD_RULES.dateOfBirth,
    fullName: FIELD_RULES.fullName,
    termsAccepted: FIELD_RULES.termsAccepted,
    promoCode: FIELD_RULES.promoCode.optional(),
    captcha: requiredCaptcha,
  })
  .meta({ id: 'RegisterBody' });
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z
  .object({
    login: FIELD_RULES.login,
    password: FIELD_RULES.password,
    captcha: captchaSolutionSchema.optional().meta({
      description:
        'A solved captcha challenge: needed once the account or the address has failed a few times (401 ' +
        'captcha_required names the challenge level to ask for)',
    }),
  })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.infer<typeof loginBodySchema>;

export const passwordRecoveryBodySchema = z
  .object({ email: FIELD_RULES.email, captcha: requiredCaptcha })
  .meta({ id: 'PasswordRecoveryBody' });
export type PasswordRecoveryBody = z.infer<typeof passwordRecoveryBodySchema>;

export const passwordResetBodySchema = z
  .object({ token: FIELD_RULES.resetToken, password: FIELD_RULES.newPassword })
  .meta({ id: 'PasswordResetBody' });
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

export const passwordChangeBodySchema = z
  .object({ currentPassword: FIELD_RULES.password, newPassword: FIELD_RULES.newPassword })
  .meta({ id: 'PasswordChangeBody' });
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

/** A staff account's roles (support, finance, admin, ...) are its StaffMe.roles (contracts/staff.ts). */
export const ACCOUNT_ROLES = ['player', 'staff'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** The signed-in user as the api shows it (an allow-list: nothing else of the row leaves the api). */
export const userSchema = z
  .object({
    id: z.number().int(),
    /** The e-mail address (SPEC.md §3 "User": login, username, id). */
    login: z.string(),
    username: z.string(),
    email: z.string(),
    currency: z.enum(CURRENCY_CODES),
    country: z.string().nullable(),
    phone: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    locale: z.enum(LOCALES),
    timezone: z.string().nullable(),
    oddType: z.enum(ODD_TYPES),
    role: z.enum(ACCOUNT_ROLES),
    createdAt: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;
export const userResponseSchema = z.object({ user: userSchema });

export const passwordRecoveryResponseSchema = z.object({ accepted: z.literal(true) });

/** POST /spa/users answers this whatever the e-mail address: the next step is in the e-mail. */
export const registrationResponseSchema = z.object({ accepted: z.literal(true) }).meta({ id: 'RegistrationAccepted' });

/** POST /spa/users/registration/confirmation: the e-mailed link's token, and another username if the first was taken. */
export const registrationConfirmBodySchema = z
  .object({ token: FIELD_RULES.resetToken, username: FIELD_RULES.username.optional() })
  .meta({ id: 'RegistrationConfirmBody' });
export type RegistrationConfirmBody = z.infer<typeof registrationConfirmBodySchema>;
export const passwordChangeResponseSchema = z.object({ changed: z.literal(true) });
export const tokenValidationParamsSchema = z.object({ token: z.string().min(1).max(128) });
export const tokenValidationResponseSchema = z.object({ valid: z.literal(true) });

/** Who says so: the player in the profile, or the device's daily report (SPEC.md §4), which never overrides the player. */
export const TIMEZONE_SOURCES = ['device', 'player'] as const;
export const timezoneBodySchema = z.object({
  timezone: FIELD_RULES.timezone,
  source: z.enum(TIMEZONE_SOURCES).default('player'),
});
export const timezoneResponseSchema = z.object({ timezone: z.string() });
/** The answer to the odd-type calls is `oddTypeResponseSchema` of contracts/sports.ts. */
export const oddTypeBodySchema = z.object({ oddType: FIELD_RULES.oddType });

/**
 * The entries ("tabs") of a player's account area, in the account menu's order (GET/PUT
 * /spa/users/profile/tab-display-settings). A player may hide the optional ones.
 */
export const PROFILE_TABS = [
  'cashbox',
  'profile',
  'bonuses',
  'transactions',
  'withdrawals',
  'myBets',
  'favourites',
  'recentlyPlayed',
  'responsibleGaming',
  'verification',
  'statement',
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
/**
 * Never hidden: money in and out, the profile that holds the settings, and player protection (limits and time-outs,
 * verification, the activity statement), which a regulator expects one click away from every page.
 */
export const REQUIRED_PROFILE_TABS = [
  'cashbox',
  'profile',
  'withdrawals',
  'responsibleGaming',
  'verification',
  'statement',
] as const satisfies readonly ProfileTab[];
export const isRequiredProfileTab = (tab: ProfileTab) => (REQUIRED_PROFILE_TABS as readonly ProfileTab[]).includes(tab);
export const tabDisplaySettingsSchema = z
  .object({
    tabs: z.array(z.object({ tab: z.enum(PROFILE_TABS), visible: z.boolean(), required: z.boolean() })),
  })
  .meta({ id: 'TabDisplaySettings' });
export type TabDisplaySettings = z.infer<typeof tabDisplaySettingsSchema>;
export const tabDisplaySettingsBodySchema = z
  .object({
    /** The optional tabs to hide; every other tab shows. */
    hidden: z
      .array(z.enum(PROFILE_TABS))
      .max(PROFILE_TABS.length)
      .refine((tabs) => new Set(tabs).size === tabs.length, 'lists a tab twice')
      .refine((tabs) => !tabs.some(isRequiredProfileTab), 'a required tab cannot be hidden'),
  })
  .strict()
  .meta({ id: 'TabDisplaySettingsBody' });
export type TabDisplaySettingsBody = z.infer<typeof tabDisplaySettingsBodySchema>;

/** An ALTCHA proof-of-work challenge (protocol v2), signed by the api; the ALTCHA widget fetches and solves it. */
export const captchaChallengeResponseSchema = z
  .object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string(),
  })
  .meta({ id: 'CaptchaChallenge' });
export type CaptchaChallenge = z.infer<typeof captchaChallengeResponseSchema>;

/** The hardest captcha: level 4 asks 2^4 = 16 times an untroubled visitor's work. */
export const CAPTCHA_MAX_LEVEL = 4;
export const captchaChallengeQuerySchema = z.object({
  level: z.coerce
    .number()
    .int()
    .min(0)
    .max(CAPTCHA_MAX_LEVEL)
    .optional()
    .meta({ description: 'At least this hard (0 to 4; each step doubles the work)' }),
});

export const FORM_IDS = [
  'login',
  'register',
  'password-recovery',
  'password-reset',
  'password-change',
  'user-properties',
  'affiliate-promocode',
] as const;
export type FormId = (typeof FORM_IDS)[number];
export const FORM_FIELD_TYPES = ['email', 'text', 'password', 'tel', 'select', 'date', 'checkbox'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export const formFieldSchema = z
  .object({
    name: z.string(),
    type: z.enum(FORM_FIELD_TYPES),
    required: z.boolean(),
    label: z.string(),
    placeholder: z.string().optional(),
    autocomplete: z.string().optional(),
    constraints: z.object({
      minLength: z.number().int().optional(),
      maxLength: z.number().int().optional(),
      pattern: z.string().optional(),
      min: z.string().optional(),
      max: z.string().optional(),
    }),
    options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  })
  .meta({ id: 'FormField' });
export type FormField = z.infer<typeof formFieldSchema>;
export const formParamsSchema = z.object({ id: z.enum(FORM_IDS) });
export const formResponseSchema = z
  .object({ form: z.object({ id: z.enum(FORM_IDS), fields: z.array(formFieldSchema) }) })
  .meta({ id: 'FormResponse' });
export type FormResponse = z.infer<typeof formResponseSchema>;

export const outboxQuerySchema = z.object({
  to: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const outboxMessageSchema = z
  .object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'OutboxMessage' });
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxResponseSchema = z.object({ messages: z.array(outboxMessageSchema) });

/** A player account created by staff (staff are invited: staffInviteBodySchema in contracts/staff.ts). */
export const createUserBodySchema = z
  .object({
    email: FIELD_RULES.email,
    password: FIELD_RULES.newPassword,
    username: FIELD_RULES.username.optional(),
    currency: FIELD_RULES.currency.optional(),
  })
  .meta({ id: 'CreateUserBody' });
export type CreateUserBody = z.input<typeof createUserBodySchema>;

/** Error codes of the account calls (beside the general ones in errors.ts); the web maps each to a message. */
export const ACCOUNT_ERROR_CODES = [
  'registration_failed',
  'username_taken',
  'too_many_streams',
  'invalid_credentials',
  'captcha_invalid',
  'captcha_required',
  'identity_check_failed',
  'invalid_token',
  'account_blocked',
  'staff_sign_in_required',
] as const;
