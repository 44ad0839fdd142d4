import React, { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError, reloadOnceForChunkError } from './chunk-reload';
import { ErrorScreen } from './ErrorScreen';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** A change (the page's address) clears a shown error, so navigating away recovers. */
  resetKey?: string;
}

interface ErrorBoundaryState {
  error: unknown;
  failed: boolean;
  /** A chunk failure that is reloading the page: render nothing rather than the error meanwhile. */
  reloading: boolean;
  resetKey?: string;
}

/** Catches a render error below it: reloads once for a missing chunk, else shows the error screen. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = {
    error: undefined,
    failed: false,
    reloading: false,
    resetKey: this.props.resetKey,
  };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, failed: true, reloading: isChunkLoadError(error) };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: undefined, failed: false, reloading: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (this.state.reloading) {
      // Just reloaded for this address and it failed again: show the error after all.
      if (!reloadOnceForChunkError()) this.setState({ reloading: false });
      return;
    }
    // Kept in the console for whoever reports the problem; the screen shows only the summary.
    console.error(error, info.componentStack);
  }

  private retry = () => this.setState({ error: undefined, failed: false, reloading: false });

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.state.reloading) return null;
    return <ErrorScreen error={this.state.error} onRetry={this.retry} />;
  }
}
