'use client';

import { useEffect } from 'react';
import { reportClientError } from '@/lib/error-reports';

/** Reports the page's uncaught errors and unhandled promise rejections to the error tracker, through the api. */
export function ErrorReportListener() {
  useEffect(() => {
    const onError = (event: ErrorEvent) => reportClientError('window', event.error ?? event.message);
    const onRejection = (event: PromiseRejectionEvent) => reportClientError('window', event.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
