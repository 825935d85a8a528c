import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './compress-plugin.ts';
import { serviceWorker } from './sw-plugin.ts';

export default defineConfig({
  plugins: [react(), serviceWorker(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // The libraries every screen runs on, in three files by how often each changes (React
        // rarely, the others more), each cached apart. The icons are not among them: each travels
        // with the screens that draw it, so the first screen loads and evaluates only its own
        // dozen of the app's hundred. recharts (with its redux, immer and d3 parts) goes only
        // with the charts, which every screen loads lazily.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            {
              name: 'state',
              test: /node_modules[\\/](wouter|regexparam|valtio|proxy-compare|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev -w frontend` talks to `npm start` on :3000.
    proxy: {
      '/api': 'http://localhost:3000',
      '/sanctum': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
});
