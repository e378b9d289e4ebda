import { z } from 'zod';
import { responsiveImagesSchema } from './content';
import { promotionTermsSchema } from './promotions';

/** One entry of the bonus info block (SPEC.md §3 "Bonus info"), in the request's locale. */
export const bonusInfoSchema = z
  .object({
    slug: z.string(),
    images: responsiveImagesSchema,
    imageTitle: z.string(),
    /** Operator HTML; the web sanitizes it before rendering. */
    fullDescription: z.string(),
    /** True when the Get bonus link inside the terms is left out for signed-in players (SPEC.md §2). */
    omitGetBonusButton: z.boolean(),
    /** The terms of the campaign the entry offers, from the campaign itself (null: it offers no campaign). */
    campaign: promotionTermsSchema.nullable(),
  })
  .meta({ id: 'BonusInfo' });
export type BonusInfo = z.infer<typeof bonusInfoSchema>;

export const bonusInfosResponseSchema = z.object({ bonusInfos: z.array(bonusInfoSchema) });
export type BonusInfosResponse = z.infer<typeof bonusInfosResponseSchema>;
