# syntax=docker/dockerfile:1
# Build stage: every dependency, the build, nothing of it kept but dist/.
FROM node:24-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

# Production dependencies only, compiled here (better-sqlite3 needs a compiler when no prebuilt binary is reachable)
# so the runtime image carries no build tools.
FROM node:24-bookworm AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev

# Runtime: slim Node (24, the current LTS), production dependencies, the built app, the demo tour's pictures and
# the script behind `npm run admin`, so every documented command (serve, admin, backup, restore,
# migrate:sqlite-to-postgres) runs in the image.
FROM node:24-bookworm-slim
# glibc gives each of libvips' threads its own malloc arena, which fragments under many image uploads; two arenas
# keep the resident memory of a long-running server close to what is in use.
ENV NODE_ENV=production DATA_DIR=/data PORT=8080 MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json ./
COPY --from=build /app/dist ./dist
COPY demo ./demo
COPY scripts/operator.mjs ./scripts/operator.mjs
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
# Asks the port the server listens on, whatever PORT the container is given.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# Node directly, no npm in between: SIGTERM reaches the server, which closes sockets and drains requests.
CMD ["node", "dist/api/server.js"]
