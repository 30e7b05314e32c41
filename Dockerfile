# syntax=docker/dockerfile:1
# Riposte server image: the Koa API and the built web UI, run by node with tsx as its loader (no separate compile step).
#   docker build -t riposte .            (docker-compose.yml builds it for you)
# Stages: deps toolchain -> build (all deps, web build) and prod-deps (runtime deps only) -> runtime.

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
# The lockfile and package.json's "allowScripts" (which install scripts may run) are written by
# npm 11; Node 20 images ship npm 10, which would ignore that list.
RUN npm install -g npm@11.19.1 && npm cache clean --force

FROM base AS toolchain
# better-sqlite3 compiles from source when no prebuilt binary matches; that needs python3, make, g++.
# (@node-rs/argon2 and the KurrentDB client's native bridge come prebuilt per platform.)
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./

FROM toolchain AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:web

FROM toolchain AS prod-deps
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM base AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    RIPOSTE_DATA_DIR=/data
# Sources (tsx runs them as they are), the runtime dependencies and the built web UI, all owned by
# root: the app user can read its code but not change it.
COPY . .
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/apps/web/dist ./apps/web/dist
# The SQLite read models and sessions live here; a named volume in docker-compose.yml.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself, in exec form, with tsx as its loader: the init (tini with compose's `init: true`, or
# Docker) signals this process, so SIGTERM reaches the server, which drains its requests and closes
# its stores (apps/server/src/main.ts). Through npx the signal reached a launcher that exited at once.
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
