import { gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { precompress } from "./build/precompress";
import { webAppManifest } from "./build/web-app-manifest";

/** The API in development (`npm run dev` at the root); the dev server forwards to it. */
const api = "http://localhost:3000";

/** The budget of the JavaScript a first visit to / downloads before the page can render. */
const INITIAL_JS_LIMIT_KB = 250;

/**
 * Code that must only ever load lazily: the pages of the signed-in console, the admin area and
 * the account forms, and zod (the forms validate with the API's schemas; reading pages need none).
 */
const LAZY_ONLY_CODE = /\/src\/pages\/(console|account)\/|\/node_modules\/zod\//;

/**
 * Prints the initial JavaScript of / (the entry chunk plus everything it imports statically,
 * which is what index.html loads as its script and modulepreload links), gzipped, and fails the
 * build when it is over the budget or when that static graph holds lazy-only code.
 */
function initialJavaScriptBudget(): Plugin {
  return {
    name: "poundline:initial-js-budget",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is Rollup.OutputChunk => item.type === "chunk",
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;

      // The static graph: follow `import` statements only, never `import()`.
      const initial = new Map<string, Rollup.OutputChunk>();
      const visit = (chunk: Rollup.OutputChunk) => {
        if (initial.has(chunk.fileName)) return;
        initial.set(chunk.fileName, chunk);
        for (const file of chunk.imports) {
          const imported = byFile.get(file);
          if (imported) visit(imported);
        }
      };
      visit(entry);

      const gzippedBytes = [...initial.values()].reduce((sum, chunk) => sum + gzipSync(chunk.code).length, 0);
      const kb = gzippedBytes / 1024;
      console.log(`Initial JavaScript for /: ${kb.toFixed(1)} KB gzipped (limit ${INITIAL_JS_LIMIT_KB} KB)`);

      const eagerModules = [...initial.values()].flatMap((chunk) =>
        chunk.moduleIds.filter((id) => LAZY_ONLY_CODE.test(id.replaceAll("\\", "/"))),
      );
      if (eagerModules.length > 0) {
        this.error(
          `Console/admin/account page code or zod is in the initial JavaScript of / (it must load lazily): ${eagerModules.join(", ")}`,
        );
      }
      console.log(
        `Initial JavaScript for /: ${initial.size} chunk(s) (${[...initial.keys()].join(", ")}), ` +
          "no console/admin/account page code and no zod (lazy routes only)",
      );
      if (kb > INITIAL_JS_LIMIT_KB) {
        this.error(
          `Initial JavaScript for / is ${kb.toFixed(1)} KB gzipped, over the ${INITIAL_JS_LIMIT_KB} KB limit`,
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    initialJavaScriptBudget(),
    // The console as an installable app: its manifest, and the service worker of src/sw/sw.ts
    // (precached shell, Web Push), registered by src/sw/register.ts in production builds.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src/sw",
      filename: "sw.ts",
      injectRegister: false,
      manifest: webAppManifest,
      includeAssets: ["icons/*.png", "icons/*.svg"],
      injectManifest: {
        // The shell: the page, the build's hashed assets, the icons. Never the precompressed copies.
        globPatterns: ["**/*.{html,js,css,woff2,png,svg,webmanifest}"],
        globIgnores: ["**/*.br", "**/*.gz"],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // A classic script, which every browser runs as a service worker (module ones are newer).
        rollupFormat: "iife",
      },
    }),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      "/api": { target: api, ws: true },
      // The embedded simulator's softphone socket (the console's Phone without a carrier account).
      "/carrier-sim/device": { target: api, ws: true },
      "/healthz": api,
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
  },
});
