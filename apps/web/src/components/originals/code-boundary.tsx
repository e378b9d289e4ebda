'use client';

import { Component, type ReactNode } from 'react';
import { reportClientError } from '@/lib/error-reports';

type Props = { children: ReactNode; fallback: () => ReactNode };

/**
 * Draws `fallback` instead of its children once rendering them failed: in the Originals frame, a game's code that
 * did not load (a broken or slow connection) or a game that failed to draw. Give it a new `key` to try its children
 * again. What failed goes to the operator's error tracker, as the site's other error boundaries' errors do.
 */
export class CodeBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    reportClientError('boundary', error);
  }

  override render() {
    return this.state.failed ? this.props.fallback() : this.props.children;
  }
}
