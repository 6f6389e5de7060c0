# The app's image, for deploy/compose.yaml: Node 24 on Debian, with Debian's ffmpeg (the renders)
# and util-linux's setpriv (already in the base image), so ffmpeg dies with a killed process.
FROM node:24-bookworm-slim

RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg \
  && rm -rf /var/lib/apt/lists/*

WORKDIR /app
# The lock file alone first, so a change to the sources reuses the installed packages' layer.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && mkdir -p data && chown node:node data

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
USER node
EXPOSE 3000
# A web process; the compose file runs the workers from the same image with `node server/worker.ts`.
CMD ["node", "server/main.ts"]
