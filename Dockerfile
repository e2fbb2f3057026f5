# One image for the API (which also serves the web app) and the workers.
#   docker build -t poundline .        (docker compose up --build does this)
FROM node:20-slim

# The lockfile is written by npm 11; node:20 ships npm 10.
RUN npm install --global npm@11 --no-audit --no-fund && npm cache clean --force

WORKDIR /app
RUN chown node:node /app
USER node

# Manifests first, so the dependency layer is reused until one of them changes.
COPY --chown=node:node package.json package-lock.json ./
COPY --chown=node:node apps/api/package.json apps/api/
COPY --chown=node:node apps/workers/package.json apps/workers/
COPY --chown=node:node packages/carrier-sim/package.json packages/carrier-sim/
COPY --chown=node:node packages/contracts/package.json packages/contracts/
COPY --chown=node:node packages/db/package.json packages/db/
COPY --chown=node:node packages/domain/package.json packages/domain/
COPY --chown=node:node packages/modules/package.json packages/modules/
COPY --chown=node:node packages/platform/package.json packages/platform/
COPY --chown=node:node packages/testing/package.json packages/testing/
COPY --chown=node:node web/package.json web/
# Dev dependencies are needed at run time too: the services run TypeScript through tsx.
RUN npm ci --no-audit --no-fund && npm cache clean --force

COPY --chown=node:node . .
RUN npm run build --workspace web

ENV HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"

# What `npm start` runs, minus its web build (done above): node itself is the container's main
# process, so SIGTERM reaches the server's graceful shutdown rather than stopping at npm's shell.
# A young generation of 64 MB semi-spaces: fewer scavenges under load (docs/benchmarks.md).
CMD ["node", "--max-semi-space-size=64", "--import", "tsx", "apps/api/src/server.ts"]
