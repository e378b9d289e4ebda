import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import accountRoutes from './account';
import balanceRoutes from './balances';
import bonusRoutes from './bonuses';
import promoCodeRoutes from './promocodes';
import fingerprintRoutes from './fingerprints';
import documentRoutes from './documents';
import passwordRoutes from './password';
import protectionRoutes from './protection';
import receiptRoutes from './receipts';
import stakePreviewRoutes from './stake-preview';
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
  await app.register(protectionRoutes);
  await app.register(documentRoutes);
  await app.register(bonusRoutes);
  await app.register(promoCodeRoutes);
  await app.register(receiptRoutes);
  await app.register(stakePreviewRoutes);
};

export default usersRoutes;
