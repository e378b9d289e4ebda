import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

/** The one locale-aware way to link and navigate: hrefs are paths without the locale prefix. */
export const { Link, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
