import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './compress-plugin.ts';
import { serviceWorker } from './sw-plugin.ts';

export default defineConfig({
  plugins: [react(), serviceWorker(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    // `npm run dev -w frontend` talks to `npm start` on :3000.
    proxy: {
      '/api': 'http://localhost:3000',
      '/sanctum': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
});
