# syntax=docker/dockerfile:1
# The app's image, for deploy/compose.yaml (docs/deployment.md, "The image"). The web app is built with
# every dev dependency; the image that runs keeps none of them, nor the build's tools.

FROM node:24-bookworm AS build
WORKDIR /app
# The lock file alone first, so a change to the sources reuses the installed packages' layer.
COPY package.json package-lock.json ./
# The npm cache stays in BuildKit's cache mount, out of every layer.
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
# Debian's ffmpeg renders; drawtext's one font comes with the app (assets/fonts), so no font package is
# needed beyond ffmpeg's own. util-linux (setpriv, prlimit: renders die with their process and have
# their limits) is essential to Debian, so already in the slim base.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg \
  && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY package.json package-lock.json ./
# Production dependencies only: Node 24 runs the server's TypeScript itself (type stripping), and the
# base image's Node is 24, so neither a compiler nor the `node` package is needed. None of them needs its
# install script. Debian's ffmpeg on the search path is what the app uses (server/media/ffmpeg.ts), so the
# registry's static ffmpeg and ffprobe builds, about 140 MB, would never run.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
  && rm -rf node_modules/@ffmpeg-installer/linux-* node_modules/@ffprobe-installer/linux-*
COPY server ./server
COPY contract ./contract
COPY assets ./assets
COPY --from=build /app/dist/web ./dist/web
# The code stays root's, so the app cannot change it; only its data folder is its own.
RUN mkdir data && chown node:node data

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
USER node
EXPOSE 3000
# Process up (/healthz); the compose file's web services check /readyz instead, and its workers, which
# serve no HTTP, turn this off. The slim base has no curl: Node's own fetch asks.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# A web process; the compose file runs the workers from the same image with `node server/worker.ts`.
# Not `npm start`: the web app is built already, and npm would stand between the process manager's
# signals and the app.
CMD ["node", "server/main.ts"]
