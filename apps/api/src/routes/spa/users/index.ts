import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import accountRoutes from './account';
import fingerprintRoutes from './fingerprints';
import passwordRoutes from './password';
import preferenceRoutes from './preferences';

/** /spa/users: one plugin per sub-area, each in its own file. */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(accountRoutes);
  await app.register(passwordRoutes);
  await app.register(preferenceRoutes);
  await app.register(fingerprintRoutes);
};

export default usersRoutes;
