/** The benchmark servers' ports (3110-3119), so a run never meets the ones `npm start` or the e2e suite use. */
export const PORTS = {
  web: Number(process.env.BENCH_WEB_PORT ?? 3110),
  api: Number(process.env.BENCH_API_PORT ?? 3111),
  helloFastify: Number(process.env.BENCH_HELLO_PORT ?? 3112),
  ssrBaseline: Number(process.env.BENCH_SSR_BASELINE_PORT ?? 3113),
  sseBroadcaster: Number(process.env.BENCH_SSE_PORT ?? 3114),
};
