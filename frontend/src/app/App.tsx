import { Router } from 'wouter';
import { Toaster } from '../components/Toaster.tsx';
import { UpdateBanner } from '../components/UpdateBanner.tsx';
import { ServicesContext } from '../lib/services.ts';
import { Routes } from './routes.tsx';
import type { AppServices } from './services.ts';

/** The app: every screen gets the shared services from the context, and its own stores from the routes. */
export function App({ app }: { app: AppServices }) {
  return (
    <ServicesContext value={app.services}>
      <Router aroundNav={app.aroundNav}>
        <Routes stores={app.stores} />
      </Router>
      <Toaster toasts={app.services.toasts} />
      <UpdateBanner update={app.serviceWorker} />
    </ServicesContext>
  );
}
