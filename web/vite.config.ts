import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The API in development (`npm run dev` at the root); the dev server forwards to it. */
const api = "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      "/api": { target: api, ws: true },
      "/healthz": api,
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
  },
});
