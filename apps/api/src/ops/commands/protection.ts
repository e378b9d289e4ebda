import { z } from 'zod';
import type { StaffKycDocument } from '@playhouse/shared';
import { createAccountServices } from '../../services/accounts/account-services';
import { createProtectionCore, type ProtectionCore } from '../../services/protection/protection-services';
import { UsageError, stringOption, type OpsCommand, type OpsTarget } from '../command';

type DirectTarget = Extract<OpsTarget, { mode: 'direct' }>;

/** Player protection on the database itself (the ops command line without a running api). */
export function directProtection(target: DirectTarget): ProtectionCore {
  // Only the e-mail and the password check are used here: the captcha secret warning would be noise.
  const quiet = { warn: () => undefined };
  const accounts = createAccountServices({ db: target.db, config: target.config, logger: quiet });
  return createProtectionCore({
    db: target.db,
    config: target.config.protection,
    siteUrl: target.config.siteUrl,
    email: accounts.email,
    confirmPassword: accounts.accounts.confirmPassword,
  });
}

/** Who acts when the command line works on the database: no signed-in user, so no actor id. */
const DIRECT_ACTOR = { id: null, ip: null };

function describeDocument(document: StaffKycDocument): string {
  return [
    `${document.id}  ${document.status.padEnd(8)} ${document.type.padEnd(14)} ${document.contentType} ${document.size} bytes`,
    `  player #${document.userId} ${document.login}, "${document.fileName}", uploaded ${document.uploadedAt}` +
      (document.reviewedAt ? `, reviewed ${document.reviewedAt}` : '') +
      (document.reason ? ` — ${document.reason}` : ''),
  ].join('\n');
}

const STATUSES = ['pending', 'verified', 'rejected'] as const;

export const protectionCommands: OpsCommand[] = [
  {
    name: 'documents',
    args: '',
    summary: 'List identity documents waiting for review (or of another status)',
    options: { status: { type: 'string', description: `one of ${STATUSES.join(', ')} (default pending)` } },
    run: async (input, target) => {
      const status = stringOption(input, 'status') ?? 'pending';
      if (!(STATUSES as readonly string[]).includes(status)) {
        throw new UsageError(`--status is one of ${STATUSES.join(', ')}.`);
      }
      const items =
        target.mode === 'api'
          ? (await target.api.get<{ items: StaffKycDocument[] }>(`/spa/staff/documents?status=${status}`)).items
          : await directProtection(target).documents.staffList(status as (typeof STATUSES)[number]);
      return items.length === 0 ? `No ${status} documents.` : items.map(describeDocument).join('\n');
    },
  },
  {
    name: 'document-review',
    args: '<id> <approve|reject>',
    summary: 'Approve or reject an identity document (the player is told by e-mail)',
    options: { reason: { type: 'string', description: 'why it is rejected (required to reject)' } },
    run: async (input, target) => {
      const [id, decision] = input.positionals;
      if (!z.uuid().safeParse(id).success) throw new UsageError('The document must be an id like 3f2b…-… (a UUID).');
      if (decision !== 'approve' && decision !== 'reject') throw new UsageError('Say approve or reject.');
      const reason = stringOption(input, 'reason')?.trim();
      if (decision === 'reject' && (!reason || reason.length < 3)) {
        throw new UsageError('Say why with --reason "..." (at least 3 characters).');
      }
      const body =
        decision === 'approve' ? { decision: 'approve' as const } : { decision: 'reject' as const, reason: reason! };
      const document =
        target.mode === 'api'
          ? (await target.api.post<{ document: StaffKycDocument }>(`/spa/staff/documents/${id}/review`, body)).document
          : await directProtection(target).documents.review(id!, body, DIRECT_ACTOR);
      return describeDocument(document);
    },
  },
  {
    name: 'harm-flags',
    args: '',
    summary: 'List the markers of harm raised for players (newest first)',
    options: { open: { type: 'boolean', description: 'only flags nobody has reviewed yet' } },
    run: async (input, target) => {
      const open = input.options.open === true;
      const items =
        target.mode === 'api'
          ? (
              await target.api.get<{ items: Awaited<ReturnType<ProtectionCore['harm']['list']>> }>(
                `/spa/staff/protection/flags${open ? '?open=true' : ''}`,
              )
            ).items
          : await directProtection(target).harm.list({ open });
      if (items.length === 0) return 'No flags.';
      return items
        .map(
          (flag) =>
            `#${flag.id} ${flag.flaggedAt} ${flag.rule.padEnd(22)} player #${flag.userId} ${flag.login}` +
            `${flag.reviewedAt ? ' (reviewed)' : ''}  ${JSON.stringify(flag.details)}`,
        )
        .join('\n');
    },
  },
  {
    name: 'harm-check',
    args: '',
    summary: 'Run the markers-of-harm rules now for every player active in the last day',
    run: async (_input, target) => {
      const flagged =
        target.mode === 'api'
          ? (await target.api.post<{ flagged: number }>('/spa/staff/protection/flags/check', {})).flagged
          : await directProtection(target).harm.evaluateRecent();
      return `${flagged} new flag(s).`;
    },
  },
];
