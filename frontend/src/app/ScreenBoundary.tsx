import { RefreshCw } from 'lucide-react';
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Feedback.tsx';

/**
 * A screen whose code is fetched the first time it is needed, so the first page a visitor opens
 * does not wait for every other screen (and its charts) to download. `preload` fetches it ahead
 * (the first screen while the app starts, the others once the browser is idle): a screen whose
 * code is already here renders at once, without suspending (React holds a revealed fallback on
 * screen for a moment, which a screen that was ready all along should not pay).
 */
export function lazyScreen<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<ComponentType<Props>> | null = null;
  let Loaded: ComponentType<Props> | null = null;
  /** Fetched once, whether first asked for by a preload or by rendering. */
  const preload = () => {
    loading ??= load().then((component) => {
      Loaded = component;
      return component;
    });
    return loading;
  };
  const Fetched = lazy(async () => ({ default: await preload() }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen, when routes.tsx loads
  function Screen(props: Props) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component on a later
    // render would remount the screen and lose its state.
    const [Shown] = useState<ComponentType<Props>>(() => Loaded ?? Fetched);
    return <Shown {...props} />;
  }
  return Object.assign(Screen, { preload });
}

export type LazyScreen = { preload(): Promise<unknown> };

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
