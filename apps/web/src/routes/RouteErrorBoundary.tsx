import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteError } from './RouteError';

/**
 * Catches what a page throws while it renders or while its chunk loads (a failed `import()` after a
 * deploy, say) and shows `RouteError` in its place. Moving to another address (`resetKey`) tries
 * again: the error belonged to the page left behind.
 */
export class RouteErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { error: unknown; resetKey: string }
> {
  override state: { error: unknown; resetKey: string } = {
    error: null,
    resetKey: this.props.resetKey,
  };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: { error: unknown; resetKey: string },
  ): { error: unknown; resetKey: string } | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[seminar] page error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
