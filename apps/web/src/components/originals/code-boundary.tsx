'use client';

import { Component, type ReactNode } from 'react';

type Props = { children: ReactNode; fallback: () => ReactNode };

/**
 * Draws `fallback` instead of its children once rendering them failed: in the Originals frame, a game's code that
 * did not load (a broken or slow connection) or a game that failed to draw. Give it a new `key` to try its children
 * again.
 */
export class CodeBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback() : this.props.children;
  }
}
