import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteError } from './RouteError';

interface BoundaryState {
  /** Whether the page threw (anything can be thrown, `0` and `undefined` too). */
  failed: boolean;
  error: unknown;
  resetKey: string;
}

/**
 * Catches what a page throws while it renders or while its chunk loads (a failed `import()` after a
 * deploy, say) and shows `RouteError` in its place. Moving to another address (`resetKey`: the
 * path and the query) tries again: the error belonged to the page left behind.
 */
export class RouteErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  BoundaryState
> {
  override state: BoundaryState = { failed: false, error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey
      ? null
      : { failed: false, error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[seminar] page error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
