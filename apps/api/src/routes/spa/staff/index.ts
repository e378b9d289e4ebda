import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import staffAccountRoutes from './accounts';
import staffAffiliateRoutes from './affiliates';
import staffAuditRoutes from './audit';
import staffBonusRoutes from './bonuses';
import staffCampaignRoutes from './campaigns';
import staffCashboxRoutes from './cashbox';
import staffCasinoRoutes from './casino';
import staffChatRoutes from './chat';
import staffContentRoutes from './content';
import staffDashboardRoutes from './dashboard';
import staffInPlayRoutes from './in-play';
import staffMediaRoutes from './media';
import outboxRoutes from './outbox';
import staffPlayerRoutes from './players';
import staffProtectionRoutes from './protection';
import staffReceiptRoutes from './receipts';
import staffReconciliationRoutes from './reconciliation';
import staffSettingsRoutes from './settings';
import staffTradingRoutes from './trading';
import staffCashOutRoutes from './cash-out';
import staffTranslationRoutes from './translations';
import staffUserRoutes from './users';

/**
 * /spa/staff: the back office's api (and the ops command line's). Each route names its permission in
 * `config.permission`; the auth plugin checks it before the request is read (see packages/shared/src/staff).
 */
const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffAccountRoutes);
  await app.register(staffAuditRoutes);
  await app.register(staffUserRoutes);
  await app.register(outboxRoutes);
  await app.register(staffCashboxRoutes);
  await app.register(staffChatRoutes);
  await app.register(staffBonusRoutes);
  await app.register(staffCampaignRoutes);
  await app.register(staffAffiliateRoutes);
  await app.register(staffContentRoutes);
  await app.register(staffMediaRoutes);
  await app.register(staffTranslationRoutes);
  await app.register(staffProtectionRoutes);
  await app.register(staffReconciliationRoutes);
  await app.register(staffSettingsRoutes);
  await app.register(staffTradingRoutes);
  await app.register(staffCashOutRoutes);
  await app.register(staffInPlayRoutes);
  await app.register(staffCasinoRoutes);
  await app.register(staffDashboardRoutes);
  await app.register(staffPlayerRoutes);
  await app.register(staffReceiptRoutes);
};

export default staffRoutes;
