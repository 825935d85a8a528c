import { RefreshCw } from 'lucide-react';
import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Feedback.tsx';

/**
 * A screen whose code is fetched the first time it is shown, so the first page a visitor opens
 * does not wait for every other screen (and its charts) to download.
 */
export function lazyScreen<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => ({ default: await load() }));
}

/**
 * While a screen's code arrives: the app's spinner in the space the screen will take, so the
 * shell around it stays put. It fades in only after a moment (`.screen-loading`), so the usual
 * quick load shows nothing at all rather than a flash.
 */
function ScreenLoading() {
  return (
    <div className="screen-loading" aria-busy="true" data-testid="screen-loading">
      <Spinner />
    </div>
  );
}

/**
 * When a screen's code could not be fetched (offline, or a new version replaced the files this
 * page knows of): say so and offer a reload, which fetches the current version, instead of
 * leaving the page blank.
 */
function ScreenFailed() {
  const { t } = useTranslation();
  return (
    <div className="card stack-sm screen-failed" role="alert" data-testid="screen-failed">
      <h1>{t('app.screenFailedTitle')}</h1>
      <p>{t('app.screenFailedHint')}</p>
      <div className="row">
        <Button variant="primary" icon={<RefreshCw size={16} aria-hidden />} onClick={() => window.location.reload()}>
          {t('app.reload')}
        </Button>
      </div>
    </div>
  );
}

/** Catches what a lazy screen throws while loading or rendering, so only the screen's own space shows it. */
class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('A screen failed to load', error);
  }

  render() {
    return this.state.failed ? <ScreenFailed /> : this.props.children;
  }
}

/** Where a lazy screen goes: a calm loading state while it arrives, a reload offer if it cannot. */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={<ScreenLoading />}>{children}</Suspense>
    </ScreenErrorBoundary>
  );
}
