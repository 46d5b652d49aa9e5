import { Component, type ReactNode } from 'react';

interface Props {
  /** What stands in for the children once one of them has thrown; nothing when left out. */
  fallback?: (error: unknown) => ReactNode;
  /** A change of this value (the path) shows the children again. */
  resetKey?: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  error: unknown;
  resetKey?: string;
}

/**
 * Keeps a failure inside the part of the screen that failed: a render error, or a lazy module
 * that could not be fetched (offline, or replaced by a new version of the app), shows
 * `fallback` there instead of unmounting the whole app. React reports the error to the console.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey
      ? null
      : { failed: false, error: null, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback?.(this.state.error) ?? null;
  }
}
