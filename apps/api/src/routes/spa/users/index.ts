import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import accountRoutes from './account';
import balanceRoutes from './balances';
import bonusRoutes from './bonuses';
import fingerprintRoutes from './fingerprints';
import limitRoutes from './limits';
import passwordRoutes from './password';
import preferenceRoutes from './preferences';
import transactionRoutes from './transactions';

/** /spa/users: one plugin per sub-area, each in its own file. */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(accountRoutes);
  await app.register(passwordRoutes);
  await app.register(preferenceRoutes);
  await app.register(fingerprintRoutes);
  await app.register(balanceRoutes);
  await app.register(transactionRoutes);
  await app.register(limitRoutes);
  await app.register(bonusRoutes);
};

export default usersRoutes;
