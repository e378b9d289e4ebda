import { vi } from 'vitest';

/** What the mocked next/navigation reports; tests change `pathname` and re-render to simulate a route change. */
export const navigationState = {
  pathname: '/en',
  search: '',
  push: vi.fn<(href: string) => void>(),
  replace: vi.fn<(href: string) => void>(),
  reset(pathname = '/en', search = '') {
    this.pathname = pathname;
    this.search = search;
    this.push.mockReset();
    this.replace.mockReset();
  },
};

/** Use as `vi.mock('next/navigation', async () => (await import('@/test/navigation-mock')).nextNavigationMock)`. */
export const nextNavigationMock = {
  usePathname: () => navigationState.pathname,
  useSearchParams: () => new URLSearchParams(navigationState.search),
  useParams: () => ({ lng: navigationState.pathname.split('/')[1] ?? 'en' }),
  useRouter: () => ({
    push: navigationState.push,
    replace: navigationState.replace,
    prefetch: () => undefined,
    back: () => undefined,
    forward: () => undefined,
    refresh: () => undefined,
  }),
  redirect: (href: string) => {
    throw new Error(`redirect to ${href}`);
  },
  permanentRedirect: (href: string) => {
    throw new Error(`permanent redirect to ${href}`);
  },
  notFound: () => {
    throw new Error('not found');
  },
};
