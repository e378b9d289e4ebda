import { errorEnvelopeSchema } from '@playhouse/shared';

/**
 * Response schemas for the error statuses a route can answer with, on top of the 429 and 500 any route can: each
 * is the shared envelope, so the OpenAPI document shows callers exactly what an error looks like.
 */
export function errorResponses<const Status extends number>(...statuses: Status[]) {
  const all = [...statuses, 429, 500] as const;
  return Object.fromEntries(all.map((status) => [status, errorEnvelopeSchema])) as Record<
    Status | 429 | 500,
    typeof errorEnvelopeSchema
  >;
}
