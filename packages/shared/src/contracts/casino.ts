import { z } from 'zod';
import { CURRENCY_CODES } from '../money';
import { SPEC } from '../constants';
import { positiveAmountSchema } from './amount';
import { fundingSplitSchema } from './funding';

/** Error codes of the casino calls (beside the common ones in errors.ts). */
export const CASINO_ERROR_CODES = [
  'game_locked',
  'demo_unavailable',
  'invalid_signature',
  'signature_expired',
  'game_session_invalid',
] as const;
export type CasinoErrorCode = (typeof CASINO_ERROR_CODES)[number];

/** The two personal pseudo-categories of a signed-in player. */
export const PERSONAL_CATEGORY_SLUGS = ['favourites', 'recently-played'] as const;
export type PersonalCategorySlug = (typeof PERSONAL_CATEGORY_SLUGS)[number];

/**
 * Catalogue orders (SPEC.md §7.7 `sort`, default 0): 0 the category's own order (popularity where there is none),
 * 1 most popular, 2 newest, 3 title A–Z.
 */
export const GAME_SORTS = [0, 1, 2, 3] as const;
export type GameSort = (typeof GAME_SORTS)[number];

export const GAME_PAGE_SIZE_MAX = 60;
export const SEARCH_PAGE_SIZE_MAX = 50;

export const slugSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/);
/** A currency as the provider wallet and the Originals host name it. */
export const providerCurrencySchema = z.enum(CURRENCY_CODES);

/** A query parameter that may repeat (`a[]=x&a[]=y`): one value or a list, always read as a list. */
function repeated<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z.array(item).max(20),
  );
}

export const gameImageSchema = z
  .object({
    imagePath: z.string(),
    imagePathWebp: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    /** The smallest viewport width (px) this rendition is meant for. */
    breakpoint: z.number().int(),
  })
  .meta({ id: 'GameImage' });
export type GameImage = z.infer<typeof gameImageSchema>;

/** Game (SPEC.md §3), plus the slug and provider the links need. */
export const gameSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    images: z.array(gameImageSchema),
    isLiked: z.boolean(),
    isLocked: z.boolean(),
    demoModeEnabled: z.boolean(),
    provider: z.object({ slug: z.string(), title: z.string() }),
  })
  .meta({ id: 'Game' });
export type Game = z.infer<typeof gameSchema>;

export const gameDetailSchema = gameSchema
  .extend({
    kind: z.enum(['slot', 'table', 'live', 'originals']),
    /** The in-house engine that plays it. */
    engine: z.enum(['slot', 'dice', 'plinko', 'table', 'shared-table']),
    /** The engine's configuration: a slot configuration or a table game; null for dice and plinko. */
    config: z.string().nullable(),
    /** Return to player in percent, e.g. "96.08". */
    rtp: z.string(),
  })
  .meta({ id: 'GameDetail' });
export type GameDetail = z.infer<typeof gameDetailSchema>;

/** GET /spa/games (SPEC.md §7.7). `offset` is a page number: load more asks for page 2, 3, … */
export const gamesQuerySchema = z.object({
  'imageSizeFilter[]': repeated(z.string().regex(/^\d{2,4}_\d{2,4}_(in|out)$/))
    .optional()
    .meta({ description: `Artwork size filters; default ${SPEC.defaultImageSizeFilter}` }),
  'aspectRatio[]': repeated(z.string().regex(/^\d{1,2}x\d{1,2}$/))
    .optional()
    .meta({ description: `Artwork aspect ratios; default ${SPEC.defaultAspectRatio}` }),
  'breakpoint[]': repeated(z.coerce.number().int().min(0).max(10_000))
    .optional()
    .meta({ description: 'Breakpoints (min viewport widths) whose renditions to include; default all' }),
  sort: z.coerce
    .number()
    .int()
    .pipe(z.union(GAME_SORTS.map((value) => z.literal(value))))
    .default(SPEC.defaultSort)
    .meta({ description: '0 category order, 1 most popular, 2 newest, 3 title A–Z' }),
  searchValue: z.string().trim().max(100).optional(),
  offset: z.coerce.number().int().min(1).max(10_000).default(1).meta({ description: 'Page number, from 1' }),
  limit: z.coerce.number().int().min(1).max(GAME_PAGE_SIZE_MAX).default(SPEC.gamePageSize),
  withCategory: z.enum(['0', '1']).default('0').meta({ description: '1 adds the category or provider heading' }),
  categorySlug: slugSchema.optional().meta({
    description: 'A navigation category, a provider, or the personal "favourites" / "recently-played"',
  }),
});
export type GamesQuery = z.infer<typeof gamesQuerySchema>;

export const CATALOGUE_SECTION_KINDS = ['category', 'provider', 'personal'] as const;
export const catalogueSectionSchema = z
  .object({
    slug: z.string(),
    title: z.string(),
    kind: z.enum(CATALOGUE_SECTION_KINDS),
    description: z.string(),
  })
  .meta({ id: 'CatalogueSection' });
export type CatalogueSection = z.infer<typeof catalogueSectionSchema>;

export const gamesResponseSchema = z.object({
  games: z.array(gameSchema),
  /** Present when withCategory=1 and categorySlug is given. */
  category: catalogueSectionSchema.optional(),
});
export type GamesResponse = z.infer<typeof gamesResponseSchema>;

/** A game by its numeric id or its slug (the game page's URL carries either). */
export const gameRefParamsSchema = z.object({
  id: z.union([z.coerce.number().int().positive().max(2_147_483_647), slugSchema]),
});
export const gameResponseSchema = z.object({ game: gameDetailSchema });

export const gameSearchQuerySchema = z.object({
  search: z.string().trim().min(1).max(100),
  page: z.coerce.number().int().min(1).max(1_000).default(1),
  perPage: z.coerce.number().int().min(1).max(SEARCH_PAGE_SIZE_MAX).default(SPEC.suggestionPageSize),
});
/** Search suggestion (SPEC.md §3). */
export const searchSuggestionSchema = z
  .object({ id: z.number().int(), slug: z.string(), title: z.string() })
  .meta({ id: 'SearchSuggestion' });
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;
export const gameSearchResponseSchema = z.object({
  items: z.array(searchSuggestionSchema),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
});
export type GameSearchResponse = z.infer<typeof gameSearchResponseSchema>;

export const favouriteResponseSchema = z.object({ isLiked: z.boolean() });

export const GAME_MODES = ['real', 'demo'] as const;
export type GameMode = (typeof GAME_MODES)[number];
export const launchBodySchema = z.object({ mode: z.enum(GAME_MODES).default('real') }).default({ mode: 'real' });
export const launchResponseSchema = z.object({
  launch: z
    .object({
      mode: z.enum(GAME_MODES),
      /** One-time token, valid for a few minutes; the game's provider exchanges it for the player. */
      token: z.string(),
      /** What the game page puts in its iframe. */
      url: z.string(),
      expiresAt: z.string(),
    })
    .meta({ id: 'GameLaunch' }),
});
export type GameLaunch = z.infer<typeof launchResponseSchema>['launch'];

/** Provider (SPEC.md §3); logo dimensions are null when the provider has no logo. */
export const providerSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    imagePath: z.string().nullable(),
    secondaryImagePath: z.string().nullable(),
    imageWidth: z.number().int().nullable(),
    imageHeight: z.number().int().nullable(),
  })
  .meta({ id: 'Provider' });
export type Provider = z.infer<typeof providerSchema>;
export const providersResponseSchema = z.object({ providers: z.array(providerSchema) });
export const providerResponseSchema = z.object({ provider: providerSchema });

// Originals: the in-house game host's calls from its game page.

export const ORIGINALS_ENGINES = ['slot', 'dice', 'plinko', 'table', 'shared-table'] as const;

export const originalsSessionHeadersSchema = z.object({
  'x-game-session': z
    .string()
    .min(16)
    .max(200)
    .meta({ description: 'The token POST /spa/games/originals/sessions gave' }),
});

export const originalsSessionBodySchema = z.object({ launchToken: z.string().min(16).max(200) });

export const fairnessSchema = z
  .object({
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    /** The nonce the next round will use. */
    nonce: z.number().int(),
  })
  .meta({ id: 'Fairness' });

export const originalsSessionSchema = z
  .object({
    token: z.string(),
    mode: z.enum(GAME_MODES),
    currency: providerCurrencySchema,
    balance: z.string(),
    game: z.object({
      slug: z.string(),
      title: z.string(),
      engine: z.enum(ORIGINALS_ENGINES),
      /** The engine's configuration this title plays (a slot configuration, a table game); null for dice and plinko. */
      config: z.string().nullable(),
      rtp: z.string(),
    }),
    fairness: fairnessSchema,
  })
  .meta({ id: 'OriginalsSession' });
export type OriginalsSession = z.infer<typeof originalsSessionSchema>;
export const originalsSessionResponseSchema = z.object({ session: originalsSessionSchema });

export const diceParamsSchema = z.object({
  target: z.number().int().min(0).max(9_999),
  direction: z.enum(['under', 'over']),
});
export const plinkoParamsSchema = z.object({ rows: z.union([z.literal(8), z.literal(12), z.literal(16)]) });
export const originalsRoundBodySchema = z.object({
  bet: positiveAmountSchema,
  params: z.union([diceParamsSchema, plinkoParamsSchema, z.object({}).strict()]).default({}),
});

export const originalsRoundSchema = z
  .object({
    id: z.number().int(),
    nonce: z.number().int(),
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    /** Shown once the seed pair has been rotated. */
    serverSeed: z.string().nullable(),
    engine: z.enum(ORIGINALS_ENGINES),
    params: z.record(z.string(), z.unknown()),
    /** Table rounds: the player's actions in order (the round is replayed from params, these and the seeds). */
    actions: z.array(z.record(z.string(), z.unknown())).nullable(),
    outcome: z.record(z.string(), z.unknown()),
    bet: z.string(),
    payout: z.string(),
    /** Payout ÷ bet as a decimal string ("1.9800"). */
    multiplier: z.string(),
    createdAt: z.string(),
    /** The round id its signed receipts are kept under (GET /spa/users/receipts?provider=originals&round=); null in demo mode. */
    receiptRound: z.string().nullable(),
    /** How its bet was paid (cash, bonus, a free spin) and where its win went; null in demo mode. */
    funding: fundingSplitSchema.nullable(),
  })
  .meta({ id: 'OriginalsRound' });
export type OriginalsRound = z.infer<typeof originalsRoundSchema>;
export const originalsRoundResponseSchema = z.object({
  round: originalsRoundSchema,
  balance: z.string(),
  fairness: fairnessSchema,
});
export type OriginalsRoundResponse = z.infer<typeof originalsRoundResponseSchema>;
export const originalsRoundsResponseSchema = z.object({ rounds: z.array(originalsRoundSchema) });

export const rotateSeedBodySchema = z.object({
  clientSeed: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\w.-]+$/)
    .optional(),
});
export const rotateSeedResponseSchema = z.object({
  revealed: z.object({
    serverSeed: z.string(),
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    /** Rounds played with it: nonces 0 … rounds − 1. */
    rounds: z.number().int(),
  }),
  fairness: fairnessSchema,
});
export type RotateSeedResponse = z.infer<typeof rotateSeedResponseSchema>;
