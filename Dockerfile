# syntax=docker/dockerfile:1
# The web app and the school API in one image: SQLite and uploads under the /data volume by default,
# or PostgreSQL with DATABASE_URL. SESSION_SECRET (32+ characters) and PUBLIC_URL (the address schools and
# parents open, e.g. https://school.example.ng) are required: NODE_ENV is production.
# `npm run test:container` builds and runs it for real (scripts/container-test.sh).

FROM node:22-bookworm-slim AS build
# better-sqlite3 compiles from source when no prebuilt binary fits; node-gyp uses the image's own headers.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    npm_config_nodedir=/usr/local \
    npm_config_update_notifier=false
# Behind a proxy that inspects TLS, the proxy's certificates for npm: pass the file with --build-arg and
# mount it for the build (scripts/container-test.sh does so when the machine has one).
ARG NODE_EXTRA_CA_CERTS
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci applies the project's patches to its packages (patch-package, postinstall).
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
# The build, the operator's scripts as plain JavaScript, then the runtime's packages alone, slimmed; and a
# copy of Node without its debugging symbols for the final stage.
RUN npm run build \
 && npx esbuild scripts/seed-demo.ts scripts/backup.ts scripts/restore.ts scripts/reset-password.ts --bundle --platform=node --format=esm --target=node22 \
      --packages=external --outdir=build --entry-names=[name] --out-extension:.js=.mjs --log-level=warning \
 && npm prune --omit=dev \
 && node scripts/slim-node-modules.mjs \
 && cp /usr/local/bin/node /app/node \
 && strip /app/node

# The final stage has Node alone: no npm, no compilers, no headers.
FROM debian:bookworm-slim
# NODE_OPTIONS caps each process's JavaScript heap as `npm start` does (README, Performance); -e overrides it.
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-old-space-size=512 \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=3000
RUN groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --no-create-home --shell /usr/sbin/nologin node \
 && mkdir -p /data \
 && chown node:node /data
COPY --from=build /app/node /usr/local/bin/node
WORKDIR /app
# The code stays owned by root and read-only for the app; only /data is writable.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
USER node
VOLUME ["/data"]
EXPOSE 3000
# The image has no curl: ask Node's own fetch.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node is PID 1 and handles SIGTERM itself: requests in flight finish, then the database is closed.
STOPSIGNAL SIGTERM
CMD ["node", "build/server.mjs"]
