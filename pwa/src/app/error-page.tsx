import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../components/button';
import { SpecText } from '../i18n/spec-text';
import { useT } from '../i18n/use-t';
import { paths } from '../lib/paths';
import './error-page.css';

/** Spec §2: a render failure shows 'Something went wrong.' with a way back. */
export function RouteError() {
  const t = useT();
  return (
    <section className="error-page container" aria-labelledby="error-title">
      <div className="error-page__card">
        <h1 id="error-title" className="error-page__title">
          <SpecText id="somethingWentWrong" />
        </h1>
        <p>{t('error.body')}</p>
        <div className="error-page__actions">
          <Button variant="secondary" onClick={() => window.location.reload()}>
            {t('error.tryAgain')}
          </Button>
          {/* A full page load: the router itself may be what failed. */}
          <a className="button button--outline button--md" href={paths.home}>
            {t('error.home')}
          </a>
        </div>
      </div>
    </section>
  );
}

type BoundaryProps = { children: ReactNode; /** A new value (the path) clears a shown error. */ resetKey?: string };
type BoundaryState = { failed: boolean; resetKey?: string };

/**
 * Catches a render failure below it (a page, or a route chunk that would not load after its
 * retry) and shows `RouteError` instead. Inside the layout it keeps the menu working; going to
 * another page (a new `resetKey`) tries again.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
