import { Toaster } from '../components/Toaster.tsx';
import { Routes } from './routes.tsx';
import { services } from './services.ts';

export function App() {
  return (
    <>
      <Routes />
      <Toaster toasts={services.toasts} />
    </>
  );
}
