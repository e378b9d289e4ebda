// The api for the login benchmark: the real app and its argon2id settings, with the per-address and per-account
// login limits lifted (a benchmark from one address would otherwise measure the 429 path), and the registration
// limit, as the benchmark registers its player through the api.
import { buildApp, loadConfig } from '@playhouse/api';

const config = loadConfig(process.env);
const unlimited = { max: 1_000_000_000, windowMs: 60_000 };
config.auth = {
  ...config.auth,
  limits: {
    ...config.auth.limits,
    loginPerIp: unlimited,
    loginFailuresPerAccount: unlimited,
    loginCaptchaPerAccount: unlimited,
    loginCaptchaPerAddress: unlimited,
    registerPerIp: unlimited,
  },
};
const app = await buildApp({ config, logger: false });
await app.listen({ port: config.port, host: '127.0.0.1' });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
