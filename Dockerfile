# Powerdeck server image (deploy/compose.yaml; docs/operations.md, "Several servers").
# Built from the repository root: docker build -t powerdeck .
FROM node:20-bookworm-slim

WORKDIR /app

# Dependencies first, so a source change does not reinstall them. Every workspace's package.json
# is needed for `npm ci` to match package-lock.json. Development dependencies stay installed: the
# builds (vite for the console, esbuild for the server) are among them.
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/server/package.json packages/server/
COPY packages/simulator/package.json packages/simulator/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund

COPY . .
# The console, into packages/web/dist, which the server serves; the server, into packages/server/dist.
RUN npm run build

# The server writes no files with DATABASE_URL and MQTT_URL set, so it runs as the image's
# unprivileged user.
USER node
ENV DEMO=false
EXPOSE 8080
# What `npm run serve` runs, without npm in between: SIGTERM reaches the server, which closes its
# live streams, broker connection and database pool before it exits. The young generation is
# capped at 4 MiB a semi-space, and the old one grows 30 % past what survived its last full
# collection (docs/operations.md, "Memory").
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=30", "packages/server/dist/main.js"]
