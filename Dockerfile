# syntax=docker/dockerfile:1
# The web app and the school API in one image: SQLite and uploads under the /data volume by default,
# or PostgreSQL with DATABASE_URL. SESSION_SECRET (32+ characters) and PUBLIC_URL (the address schools and
# parents open, e.g. https://school.example.ng) are required: NODE_ENV is production.

FROM node:22-bookworm-slim AS build
# better-sqlite3 compiles from source when no prebuilt binary fits; node-gyp uses the image's own headers.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    npm_config_nodedir=/usr/local
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && npx esbuild scripts/seed-demo.ts scripts/backup.ts scripts/restore.ts --bundle --platform=node --format=esm --target=node22 \
      --packages=external --outdir=build --entry-names=[name] --out-extension:.js=.mjs --log-level=warning \
 && npm prune --omit=dev

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
# The code stays owned by root and read-only for the app; only /data is writable.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# The slim image has no curl: ask Node's own fetch.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node is PID 1 and handles SIGTERM itself: requests in flight finish, then the database is closed.
STOPSIGNAL SIGTERM
CMD ["node", "build/server.mjs"]
