import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import type { FeedIngestInput } from '@playhouse/shared/contracts/sports';
import { expect, test } from './fixtures';
import { fundedPlayer, open, pushFeed, signIn } from './sports-support';

/*
 * Receipts the player can verify (issue 19): a player bets, downloads the signed receipt from "My bets", and the
 * public verify page accepts it in the browser (WebCrypto's Ed25519, against the keys the site publishes at its
 * well-known path) and refuses a copy changed by one byte.
 */

// Feed ids of this spec's match (the trading spec's start at 9,600,001).
const MATCH = 9_650_001;
const FOOTBALL = { idSport: 1, idCategory: 101, idTournament: 1001 };

const match = (): NonNullable<FeedIngestInput['matches']>[number] => ({
  matchId: MATCH,
  ...FOOTBALL,
  matchDateTimeUTC: Date.now() + 6 * 60 * 60_000,
  matchTeams: [
    { matchTeamType: '1', teamName: 'Receipt Rovers' },
    { matchTeamType: '2', teamName: 'Ledger United' },
  ],
  matchBets: [
    {
      idMatchBet: MATCH * 10,
      betName: 'Match result',
      matchBetPosition: 0,
      matchBetOutcomes: [
        { providerBetOutcomeId: '1', matchBetOutcomePosition: 0, matchBetOutcomeOddValue: 2.2 },
        { providerBetOutcomeId: 'X', matchBetOutcomePosition: 1, matchBetOutcomeOddValue: 3.3 },
        { providerBetOutcomeId: '2', matchBetOutcomePosition: 2, matchBetOutcomeOddValue: 3.1 },
      ],
    },
  ],
  matchBetsTotal: 1,
});

test('a player downloads the receipt of a bet; the verify page accepts it and refuses a copy changed by one byte', async ({
  page,
  axe,
  baseURL,
  playwright,
}, testInfo) => {
  test.setTimeout(120_000);
  const feed = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  await pushFeed(feed, { language: 'en', matches: [match()] });
  await feed.dispose();

  const user = await fundedPlayer(page, baseURL!);
  const detail = (await (await page.request.get(`/spa/sports/matches/${MATCH}`)).json()) as {
    match: { matchBets: { matchBetOutcomes: { outcomeId: number; providerBetOutcomeId: string }[] }[] };
  };
  const home = detail.match.matchBets[0]!.matchBetOutcomes.find((outcome) => outcome.providerBetOutcomeId === '1')!;
  const placed = await page.request.post('/spa/sports/bets', {
    headers: { origin: baseURL!, 'idempotency-key': `e2e-${randomUUID()}` },
    data: {
      kind: 'single',
      stake: '12.50',
      oddsChangePolicy: 'any',
      selections: [{ outcomeId: home.outcomeId, odd: 2.2 }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);

  await signIn(page, user, '/en/sports/bets');
  const download = page.waitForEvent('download');
  await page
    .getByRole('button', { name: /^Receipt/ })
    .first()
    .click();
  const file = testInfo.outputPath('receipt.json');
  await (await download).saveAs(file);
  const saved = JSON.parse(await readFile(file, 'utf8')) as { receipts: { payload: string }[] };
  expect(saved.receipts).toHaveLength(1);

  // The well-known key list the verify page reads is the api's, through the web.
  const keys = await page.request.get('/.well-known/playhouse-receipt-keys.json');
  expect(keys.status()).toBe(200);
  expect(((await keys.json()) as { keys: unknown[] }).keys.length).toBeGreaterThan(0);

  await page.getByRole('link', { name: 'Verify a receipt' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify a receipt' })).toBeVisible();
  await page.getByLabel('Receipt file').setInputFiles(file);
  await page.getByRole('button', { name: 'Check' }).click();
  const results = page.getByRole('status').filter({ hasText: 'Receipt 1' });
  await expect(results).toContainText(`Valid: signed by ${new URL(baseURL!).origin}`);
  await expect(results).toContainText('12.50 EUR');
  await expect(results).toContainText('Placement');
  await axe();

  // One byte of the signed facts changed: the stake 12.50 becomes 92.50.
  const payload = Buffer.from(saved.receipts[0]!.payload, 'base64');
  payload[payload.indexOf('12.50')] = '9'.charCodeAt(0);
  const changed = { receipts: [{ ...saved.receipts[0], payload: payload.toString('base64') }] };
  const changedFile = testInfo.outputPath('changed.json');
  await writeFile(changedFile, JSON.stringify(changed));
  await page.getByLabel('Receipt file').setInputFiles(changedFile);
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Receipt 1' })).toContainText(
    'Not valid: the receipt was changed after it was signed.',
  );
  await open(page, '/en/receipts/verify');
  await axe();
});
