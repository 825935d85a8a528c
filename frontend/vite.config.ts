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
        // The libraries every screen runs on (and the icons) travel as one file, not six: fewer
        // requests before the first screen; each screen keeps its own chunk.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|wouter|valtio|proxy-compare|use-sync-external-store|lucide-react)[\\/]/,
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
