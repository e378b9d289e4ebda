'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { setLoading } from '@/store/loader-slice';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import styles from './route-loader.module.css';

/** Shows the store's loading flag as a bar at the top; arriving on a new path ends the loading. */
export function RouteLoader({ label }: { label: string }) {
  const loading = useAppSelector((state) => state.loader.loading);
  const dispatch = useAppDispatch();
  const pathname = usePathname();
  const lastPath = useRef(pathname);

  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    dispatch(setLoading(false));
  }, [pathname, dispatch]);

  return (
    <div className={styles.region} role="status">
      {loading ? (
        <>
          <span className={styles.bar} aria-hidden="true" />
          <span className="visually-hidden">{label}</span>
        </>
      ) : null}
    </div>
  );
}
