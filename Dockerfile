# One image for every process of the product: the embedded server (the default command) and,
# in docker-compose.yml, the gateway, command service, query service and projections process.
#
#   docker build -t fitness-tracker .
#   docker run -p 3000:3000 -v fitness-data:/data fitness-tracker
#
# Node 24 runs the TypeScript sources directly (type stripping), so nothing is compiled but the
# web app. tools/src/container-image.test.ts runs this file's install and serve steps without a
# Docker engine, so keep the stages' npm commands on RUN lines of their own.

ARG NODE_IMAGE=node:24-slim

# The lock file and every workspace's package.json: enough for `npm ci`, and a layer that only
# changes when dependencies do.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY stores/package.json stores/
COPY platform/package.json platform/
COPY command-service/package.json command-service/
COPY projections/package.json projections/
COPY notifications/package.json notifications/
COPY query-service/package.json query-service/
COPY gateway/package.json gateway/
COPY frontend/package.json frontend/
COPY tools/package.json tools/
COPY loadtests/package.json loadtests/

# Every dependency, to build the web app (Vite) into frontend/dist.
FROM manifests AS web-build
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY contracts contracts
COPY frontend frontend
RUN npm run build -w frontend

# The servers' dependencies only: no dev tools, no web app libraries. better-sqlite3 and argon2
# ship prebuilt binaries for linux x64 and arm64; the compilers are here for any other platform.
FROM manifests AS server-deps
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
RUN npm ci --omit=dev --no-audit --no-fund -w gateway -w command-service -w query-service -w projections -w tools

FROM ${NODE_IMAGE} AS runtime
# The V8 options `npm start` sets (package.json), for every process of the image, whatever
# command compose gives it: a bounded heap, kept near what is alive, and the `gc` function the
# projections use to give a burst's freed pages back (platform/src/memory-release.ts).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    NODE_OPTIONS="--max-semi-space-size=8 --max-old-space-size=256 --expose-gc"
WORKDIR /app
COPY --from=server-deps /app/node_modules node_modules
COPY package.json ./
COPY contracts contracts
COPY stores stores
COPY platform platform
COPY command-service command-service
COPY projections projections
COPY notifications notifications
COPY query-service query-service
COPY gateway gateway
COPY tools tools
COPY --from=web-build /app/frontend/dist frontend/dist
RUN mkdir -p /data && chown node:node /data
# The image's own user, not root: it owns only the data folder.
USER node
VOLUME /data
EXPOSE 3000
# Alive (GET /health, which every process serves on its PORT), not ready: an orchestrator
# restarts or holds back what is unhealthy, and a long catch-up of the projections is no reason
# to do either. GET /ready (stores answer, projections caught up) is for a load balancer.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Not in NODE_OPTIONS, which refuses it: see "What the reads' tail was" in the README.
CMD ["node", "--no-allocation-site-pretenuring", "gateway/src/main.ts"]
