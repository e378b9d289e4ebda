import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// The web's api modules load the shared contracts (and zod) with their first answer. In the browser that chunk is
// fetched once; here each is loaded up front, so a lazily parsed answer settles within the same ticks as before and
// tests on fake timers do not wait on module loading.
import '@playhouse/shared/contracts/accounts';
import '@playhouse/shared/contracts/bonuses';
import '@playhouse/shared/contracts/cashbox';
import '@playhouse/shared/contracts/casino';
import '@playhouse/shared/contracts/chat';
import '@playhouse/shared/contracts/content';
import '@playhouse/shared/contracts/sports';
import '@playhouse/shared/errors';

// findBy* and waitFor give up after 1 s by default; `npm test` runs these tests beside the e2e suite at a lower
// priority, where a render can take longer. They still end as soon as what they wait for is there.
configure({ asyncUtilTimeout: 5_000 });

// Testing Library only unmounts by itself when test globals are on; they are off here, so each test starts clean.
afterEach(() => {
  cleanup();
});
