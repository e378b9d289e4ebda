import type {
  CampaignCreateInput,
  CampaignTermsInput,
  PromoCodeCreateBody,
} from '@playhouse/shared/contracts/marketing';
import type { Locale } from '@playhouse/shared/locales';
import { lazySchema } from '../browser-api';
import { officeApi, type TableQuery } from './office-api';

const marketing = () => import('@playhouse/shared/contracts/marketing');
const staff = () => import('@playhouse/shared/contracts/staff');
const bonuses = () => import('@playhouse/shared/contracts/bonuses');

export const CAMPAIGNS_PATH = '/spa/staff/campaigns';
export const AFFILIATES_PATH = '/spa/staff/affiliates';

/** A page of campaigns for the table's URL state. */
export function fetchCampaigns(lng: Locale, query: TableQuery) {
  return officeApi(CAMPAIGNS_PATH, lazySchema(marketing, 'campaignPageSchema'), { locale: lng, query });
}

export function fetchCampaign(lng: Locale, id: number) {
  return officeApi(`${CAMPAIGNS_PATH}/${id}`, lazySchema(marketing, 'campaignResponseSchema'), { locale: lng });
}

export function createCampaign(lng: Locale, body: CampaignCreateInput) {
  return officeApi(CAMPAIGNS_PATH, lazySchema(marketing, 'campaignResponseSchema'), {
    method: 'POST',
    locale: lng,
    body,
  });
}

/**
 * New terms for the offers the campaign makes from now on (bonuses already offered keep theirs): at once for a campaign
 * not yet live, else the request a second marketing member approves (the live terms run meanwhile).
 */
export function updateCampaign(lng: Locale, id: number, body: CampaignTermsInput) {
  return officeApi(`${CAMPAIGNS_PATH}/${id}`, lazySchema(marketing, 'campaignUpdateAnswerSchema'), {
    method: 'PUT',
    locale: lng,
    body,
  });
}

export function campaignAction(lng: Locale, id: number, action: 'pause' | 'resume' | 'end') {
  return officeApi(`${CAMPAIGNS_PATH}/${id}/${action}`, lazySchema(marketing, 'campaignResponseSchema'), {
    method: 'POST',
    locale: lng,
  });
}

export function addPromoCode(lng: Locale, id: number, body: PromoCodeCreateBody) {
  return officeApi(`${CAMPAIGNS_PATH}/${id}/promo-codes`, lazySchema(marketing, 'promoCodeSchema'), {
    method: 'POST',
    locale: lng,
    body,
  });
}

/** Asks for the campaign to be offered to a player: it is offered when a second member approves (four eyes). */
export function requestBonusOffer(lng: Locale, body: { login: string; campaign: string }, idempotencyKey: string) {
  return officeApi('/spa/staff/bonuses/offers', lazySchema(staff, 'staffRequestResponseSchema'), {
    method: 'POST',
    locale: lng,
    body,
    idempotencyKey,
  });
}

/** The bonus offer requests waiting for a second pair of eyes. */
export function fetchOfferRequests(lng: Locale) {
  return officeApi('/spa/staff/bonuses/offers', lazySchema(staff, 'staffRequestsResponseSchema'), {
    locale: lng,
    query: { status: 'pending', perPage: 50 },
  });
}

export function decideOfferRequest(lng: Locale, id: string, decision: 'approve' | 'reject', reason?: string) {
  return officeApi(`/spa/staff/bonuses/offers/${id}/${decision}`, lazySchema(staff, 'staffRequestResponseSchema'), {
    method: 'POST',
    locale: lng,
    ...(decision === 'reject' ? { body: { reason } } : {}),
  });
}

/** A player's bonuses, newest first (an audited view). */
export function fetchPlayerBonuses(lng: Locale, login: string) {
  return officeApi(
    `/spa/staff/bonuses/players/${encodeURIComponent(login)}`,
    lazySchema(bonuses, 'bonusHistoryResponseSchema'),
    { locale: lng },
  );
}

export function fetchAffiliates(lng: Locale, query: TableQuery) {
  return officeApi(AFFILIATES_PATH, lazySchema(marketing, 'affiliatePageSchema'), { locale: lng, query });
}
