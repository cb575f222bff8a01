import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  server: {
    // The API server runs beside Vite in development; proxying keeps every call same-origin, as in production.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // The chunk graph, read by scripts/check-bundle.mjs to weigh the first screen.
    manifest: true,
  },
  test: {
    environment: 'jsdom',
    // Typing through whole forms in jsdom takes seconds when the CI machine's two cores are busy.
    testTimeout: 20_000,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
