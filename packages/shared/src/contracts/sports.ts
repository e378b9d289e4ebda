import { z } from 'zod';
import { LOCALES } from '../locales';
import { ODD_TYPES } from '../odds';

/** SPEC.md §3 sports entities, exactly as the feed and the two top-offer calls carry them. */
export const sportSchema = z.object({ idSport: z.number().int(), sportName: z.string() }).meta({ id: 'Sport' });
export const sportCategorySchema = z
  .object({ idCategory: z.number().int(), categoryName: z.string() })
  .meta({ id: 'SportCategory' });
export const tournamentSchema = z
  .object({ idTournament: z.number().int(), tournamentName: z.string() })
  .meta({ id: 'Tournament' });
export const outcomeSchema = z
  .object({
    providerBetOutcomeId: z.string(),
    matchBetOutcomePosition: z.number().int(),
    /** Decimal odd; exact to the thousandth. */
    matchBetOutcomeOddValue: z.number(),
  })
  .meta({ id: 'Outcome' });
export const matchBetSchema = z
  .object({
    idMatchBet: z.number().int(),
    betName: z.string(),
    matchBetPosition: z.number().int(),
    matchBetOutcomes: z.array(outcomeSchema),
  })
  .meta({ id: 'MatchBet' });
export const matchTeamSchema = z.object({ matchTeamType: z.enum(['1', '2']), teamName: z.string() });
export const matchSchema = z
  .object({
    matchId: z.number().int(),
    idSport: z.number().int(),
    matchDateTimeUTC: z.number().int(),
    idCategory: z.number().int(),
    idTournament: z.number().int(),
    matchTeams: z.array(matchTeamSchema),
    matchBets: z.array(matchBetSchema),
    matchBetsTotal: z.number().int(),
  })
  .meta({ id: 'Match' });

export type Sport = z.infer<typeof sportSchema>;
export type SportCategory = z.infer<typeof sportCategorySchema>;
export type Tournament = z.infer<typeof tournamentSchema>;
export type Outcome = z.infer<typeof outcomeSchema>;
export type MatchBet = z.infer<typeof matchBetSchema>;
export type Match = z.infer<typeof matchSchema>;

const keyed = <T extends z.ZodType>(item: T) => z.record(z.string(), item);

/** Sports list (§7.1): sports and categories as objects keyed by id; tournaments and matches as arrays. */
export const topOfferResponseSchema = z.object({
  sports: keyed(sportSchema),
  categories: keyed(sportCategorySchema),
  tournaments: z.array(tournamentSchema),
  matches: z.array(matchSchema),
});
/** Matches for a sport (§7.2): everything as arrays. */
export const sportMatchesResponseSchema = z.object({
  sports: z.array(sportSchema),
  categories: z.array(sportCategorySchema),
  tournaments: z.array(tournamentSchema),
  matches: z.array(matchSchema),
});
export type TopOfferResponse = z.infer<typeof topOfferResponseSchema>;
export type SportMatchesResponse = z.infer<typeof sportMatchesResponseSchema>;

/** A feed response as an ingest accepts it: either shape of the lists. */
export const feedResponseSchema = z.object({
  sports: z.union([keyed(sportSchema), z.array(sportSchema)]),
  categories: z.union([keyed(sportCategorySchema), z.array(sportCategorySchema)]),
  tournaments: z.union([keyed(tournamentSchema), z.array(tournamentSchema)]),
  matches: z.array(matchSchema),
});

/** Query of the two top-offer calls: each top-level parameter is one query parameter holding JSON (§7.1–2). */
const json = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

const DATA_FORMATS = ['object', 'array'] as const;
export const topOfferQuerySchema = z.object({
  dataFormat: json(
    z.object({
      sports: z.enum(DATA_FORMATS),
      categories: z.enum(DATA_FORMATS),
      tournaments: z.enum(DATA_FORMATS).optional(),
      matches: z.enum(DATA_FORMATS).optional(),
    }),
  ),
  language: json(z.object({ default: z.enum(LOCALES) })),
  params: json(
    z.object({
      start_date: z.iso.datetime({ offset: true }),
      end_date: z.iso.datetime({ offset: true }),
      timezone: z.string().min(1).max(64),
      delivery_platform: z.literal('Web'),
      company_uuid: z.string().min(1).max(64),
    }),
  ),
  topOffer: json(z.object({ matches: z.boolean() })).optional(),
  id_sport: json(z.number().int().positive()).optional(),
  bet_count: json(z.number().int().min(1).max(20)).optional(),
});
export type TopOfferQuery = z.infer<typeof topOfferQuerySchema>;

export const oddTypeResponseSchema = z.object({ oddType: z.enum(ODD_TYPES) });
