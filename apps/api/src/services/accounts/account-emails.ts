import { localizePath, type Locale } from '@playhouse/shared';
import type { DbOrTx } from '@playhouse/db';
import type { LocaleContext } from '../../lib/localize';
import type { EmailService } from '../email/email-service';
import { loadTexts } from '../i18n/texts';

/** The e-mails accounts send, worded from the `emails.*` UI messages in the recipient's language. */
export function createAccountEmails({ db, email, siteUrl }: { db: DbOrTx; email: EmailService; siteUrl: string }) {
  async function render(context: LocaleContext, template: string, values: Record<string, string>, prefix = 'emails.') {
    const texts = await loadTexts(db, context, prefix);
    const signature = (prefix === 'emails.' ? texts : await loadTexts(db, context, 'emails.')).get('signature', {
      siteUrl,
    });
    return {
      subject: texts.get(`${template}.subject`, values),
      text: `${texts.get(`${template}.body`, values)}\n\n${signature}`,
    };
  }

  function link(locale: Locale, path: string, query?: Record<string, string>) {
    const url = new URL(localizePath(locale, path), siteUrl);
    for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
    return url.toString();
  }

  /** Someone tried to register with an address that already has an account: tell its owner, not the visitor. */
  async function registrationAttempt(to: string, context: LocaleContext) {
    const message = await render(context, 'registrationAttempt', {
      loginLink: link(context.locale, '/auth/login'),
      recoveryLink: link(context.locale, '/auth/password-recovery'),
    });
    return email.send({ to, ...message });
  }

  /**
   * A registration the account checks refused (self-exclusion across accounts, the national register): told to the
   * address's owner only, in words that name neither the reason nor another account.
   */
  async function registrationRefused(to: string, context: LocaleContext) {
    const message = await render(context, 'registrationRefused', {});
    return email.send({ to, ...message });
  }

  /**
   * The link that creates the account: registration goes no further without the address's owner. The link carries a
   * live token: it reaches the recipient only, never the outbox staff read (issue 9).
   */
  async function confirmRegistration(to: string, context: LocaleContext, token: string, validHours: number) {
    const confirmLink = link(context.locale, '/auth/confirm-email', { token });
    const message = await render(
      context,
      'confirm',
      { link: confirmLink, hours: String(validHours) },
      'signup.emails.',
    );
    return email.send({ to, ...message, secrets: [confirmLink, token] });
  }

  /** The link carries a live token: it reaches the recipient only, never the outbox staff read (issue 9). */
  async function passwordReset(to: string, context: LocaleContext, token: string, validMinutes: number) {
    const resetLink = link(context.locale, '/auth/reset-password', { token });
    const message = await render(context, 'passwordReset', { link: resetLink, minutes: String(validMinutes) });
    return email.send({ to, ...message, secrets: [resetLink, token] });
  }

  async function passwordChanged(to: string, context: LocaleContext) {
    const message = await render(context, 'passwordChanged', {
      recoveryLink: link(context.locale, '/auth/password-recovery'),
    });
    return email.send({ to, ...message });
  }

  /**
   * An invitation to the staff: the link lets its holder set their own password and second factor. It carries a live
   * token: it reaches the invitee only, never the outbox staff read (issue 19).
   */
  async function staffInvitation(to: string, context: LocaleContext, token: string, validHours: number) {
    const inviteLink = link(context.locale, '/staff/invitation', { token });
    const message = await render(
      context,
      'staffInvitation',
      { link: inviteLink, hours: String(validHours) },
      'staffAuth.emails.',
    );
    return email.send({ to, ...message, secrets: [inviteLink, token] });
  }

  return {
    registrationAttempt,
    registrationRefused,
    confirmRegistration,
    passwordReset,
    passwordChanged,
    staffInvitation,
  };
}

export type AccountEmails = ReturnType<typeof createAccountEmails>;
