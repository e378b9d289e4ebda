import { randomUUID } from 'node:crypto';
import { type BonusHistoryResponse, type StaffBonusCampaign, type StaffRequest } from '@playhouse/shared';
import { UsageError, stringOption, type OpsCommand } from '../command';
import { atPath, describeRequest, requestCommands } from './cashbox';

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
      const { campaigns } = await target.api.get<{ campaigns: StaffBonusCampaign[] }>('/spa/staff/bonuses/campaigns');
      if (campaigns.length === 0) return 'No bonus campaigns.';
      return campaigns.map(describeCampaign).join('\n\n');
    },
  },
  {
    name: 'bonus-offer',
    args: '<login> <campaign>',
    summary:
      'Ask for a bonus campaign to be offered to a player (by e-mail or username); it is offered when a second ' +
      'staff member runs approve-bonus-offer. The same --key asks once',
    options: { key: { type: 'string', description: 'idempotency key (default: a new one)' } },
    run: async (input, target) => {
      const [login, campaign] = input.positionals as [string, string];
      const key = stringOption(input, 'key') ?? `ops-${randomUUID()}`;
      if (!/^[A-Za-z0-9_.:-]{8,128}$/.test(key)) throw new UsageError('--key must be 8-128 letters, digits or _.:-');
      const { request } = await target.api.post<{ request: StaffRequest }>(
        '/spa/staff/bonuses/offers',
        { login, campaign },
        { 'idempotency-key': key },
      );
      return [
        `Asked (key ${key}); it is offered when a second staff member approves:`,
        `  npm run ops -- approve-bonus-offer ${request.id}`,
        '',
        describeRequest(request),
      ].join('\n');
    },
  },
  ...requestCommands({
    names: { list: 'bonus-offers', approve: 'approve-bonus-offer', reject: 'reject-bonus-offer' },
    summaries: {
      list: 'List bonus offer requests, newest first',
      approve: 'Approve a bonus offer another staff member asked for: the player is offered the campaign',
      reject: 'Reject (or withdraw one of your own) bonus offer requests',
    },
    what: 'bonus offer request(s)',
    locate: atPath('/spa/staff/bonuses/offers'),
  }),
  {
    name: 'bonuses',
    args: '<login>',
    summary: "List a player's bonuses with their status and wagering",
    run: async (input, target) => {
      const [login] = input.positionals as [string];
      const result = await target.api.get<BonusHistoryResponse>(
        `/spa/staff/bonuses/players/${encodeURIComponent(login)}`,
      );
      return describeBonuses(login, result);
    },
  },
  {
    name: 'bonus-expire',
    args: '',
    summary: 'Expire the offers and bonuses past their time now (the api does it every minute)',
    run: async (_input, target) => {
      const result = await target.api.post<{ offers: number; bonuses: number }>('/spa/staff/bonuses/expire', {});
      return `Expired ${result.offers} offer(s) and ${result.bonuses} bonus(es).`;
    },
  },
];
