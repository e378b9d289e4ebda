import { z } from 'zod';
import type { HarmFlag, StaffKycDocument } from '@playhouse/shared';
import { UsageError, stringOption, type OpsCommand } from '../command';

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
      const { items } = await target.api.get<{ items: StaffKycDocument[] }>(`/spa/staff/documents?status=${status}`);
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
      const { document } = await target.api.post<{ document: StaffKycDocument }>(
        `/spa/staff/documents/${id}/review`,
        body,
      );
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
      const { items } = await target.api.get<{ items: HarmFlag[] }>(
        `/spa/staff/protection/flags${open ? '?open=true' : ''}`,
      );
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
      const { flagged } = await target.api.post<{ flagged: number }>('/spa/staff/protection/flags/check', {});
      return `${flagged} new flag(s).`;
    },
  },
];
