import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import staffBonusRoutes from './bonuses';
import staffCashboxRoutes from './cashbox';
import staffChatRoutes from './chat';
import staffContentRoutes from './content';
import outboxRoutes from './outbox';
import staffProtectionRoutes from './protection';
import staffReconciliationRoutes from './reconciliation';
import staffUserRoutes from './users';

/** /spa/staff: what the ops command line does through the api; every route needs a staff or admin session. */
const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireStaff);
  await app.register(staffUserRoutes);
  await app.register(outboxRoutes);
  await app.register(staffCashboxRoutes);
  await app.register(staffChatRoutes);
  await app.register(staffBonusRoutes);
  await app.register(staffContentRoutes);
  await app.register(staffProtectionRoutes);
  await app.register(staffReconciliationRoutes);
};

export default staffRoutes;
