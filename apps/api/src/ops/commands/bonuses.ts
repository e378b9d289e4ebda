import { randomUUID } from 'node:crypto';
import type { BonusHistoryResponse, StaffBonusCampaign } from '@playhouse/shared';
import { systemClock } from '../../lib/clock';
import { createBonusService } from '../../services/bonuses/bonus-service';
import { UsageError, stringOption, type OpsCommand, type OpsTarget } from '../command';

type DirectTarget = Extract<OpsTarget, { mode: 'direct' }>;

function bonuses(target: DirectTarget) {
  return createBonusService({ db: target.db, clock: systemClock });
}

function describeCampaign(campaign: StaffBonusCampaign): string {
  const terms = [
    campaign.kind === 'deposit_match'
      ? `${campaign.matchPercent}% of the first deposit from ${campaign.minDeposit} up to ${campaign.amount}`
      : campaign.kind === 'coins'
        ? `coins ${campaign.items.join(' / ')}`
        : campaign.kind === 'free_spins'
          ? `${campaign.freeSpins} spins at ${campaign.freeSpinStake} on ${campaign.gameSlug}`
          : `${campaign.amount}`,
    `wager x${campaign.wager}`,
    `max bet ${campaign.maxBet ?? 'none'}`,
    `${campaign.validDays} days to wager`,
    `offer open ${campaign.offerDays} days`,
  ];
  const shares = Object.entries(campaign.contributions)
    .map(([type, percent]) => `${type} ${percent}%`)
    .join(', ');
  return [
    `${campaign.slug}  ${campaign.kind} (${campaign.template}), offered ${campaign.trigger}${campaign.active ? '' : ', inactive'}`,
    `  ${terms.join(', ')}`,
    `  counts: ${shares}; sports from odds ${campaign.sportsMinOdd}`,
  ].join('\n');
}

function describeBonuses(login: string, result: BonusHistoryResponse): string {
  if (result.items.length === 0) return `${login} has no bonuses.`;
  return [
    `${result.total} bonus(es) of ${login}, newest first:`,
    '',
    ...result.items.map(
      (item) =>
        `${item.id}  ${item.status.padEnd(9)} ${item.slug} ${item.amount ?? '-'} ${item.currencyCode}, ` +
        `wagered ${item.wagered} of ${item.wagerRequired}` +
        (item.expiresAt ? `, ${item.status === 'offered' ? 'offer ends' : 'ends'} ${item.expiresAt}` : '') +
        (item.finishedAt ? `, ended ${item.finishedAt}` : ''),
    ),
  ].join('\n');
}

export const bonusCommands: OpsCommand[] = [
  {
    name: 'bonus-campaigns',
    args: '',
    summary: 'List the bonus campaigns and their terms',
    run: async (_input, target) => {
      const campaigns =
        target.mode === 'api'
          ? (await target.api.get<{ campaigns: StaffBonusCampaign[] }>('/spa/staff/bonuses/campaigns')).campaigns
          : await bonuses(target).campaigns();
      if (campaigns.length === 0) return 'No bonus campaigns.';
      return campaigns.map(describeCampaign).join('\n\n');
    },
  },
  {
    name: 'bonus-offer',
    args: '<login> <campaign>',
    summary: 'Offer a bonus campaign to a player (by e-mail or username); the same --key offers once',
    options: { key: { type: 'string', description: 'idempotency key (default: a new one)' } },
    run: async (input, target) => {
      const [login, campaign] = input.positionals as [string, string];
      const key = stringOption(input, 'key') ?? `ops-${randomUUID()}`;
      if (!/^[A-Za-z0-9_.:-]{8,128}$/.test(key)) throw new UsageError('--key must be 8-128 letters, digits or _.:-');
      const offer =
        target.mode === 'api'
          ? await target.api.post<{ id: string; created: boolean }>(
              '/spa/staff/bonuses/offers',
              { login, campaign },
              { 'idempotency-key': key },
            )
          : await bonuses(target).offer(login, campaign, key);
      return offer.created
        ? `Offered ${campaign} to ${login}: bonus ${offer.id} (key ${key}).`
        : `Already offered with key ${key}: bonus ${offer.id}.`;
    },
  },
  {
    name: 'bonuses',
    args: '<login>',
    summary: "List a player's bonuses with their status and wagering",
    run: async (input, target) => {
      const [login] = input.positionals as [string];
      const result =
        target.mode === 'api'
          ? await target.api.get<BonusHistoryResponse>(`/spa/staff/bonuses/players/${encodeURIComponent(login)}`)
          : await bonuses(target).userBonuses(login);
      return describeBonuses(login, result);
    },
  },
  {
    name: 'bonus-expire',
    args: '',
    summary: 'Expire the offers and bonuses past their time now (the api does it every minute)',
    run: async (_input, target) => {
      const result =
        target.mode === 'api'
          ? await target.api.post<{ offers: number; bonuses: number }>('/spa/staff/bonuses/expire', {})
          : await bonuses(target).expireDue();
      return `Expired ${result.offers} offer(s) and ${result.bonuses} bonus(es).`;
    },
  },
];
