# One server instance: the built React app, tRPC (HTTP + WebSocket), /api/*.php and ops endpoints on PORT.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000
COPY --from=build /app /app
EXPOSE 3000
# The first start migrates and seeds the demo before it listens (30–40 s on two busy cores): failed
# checks in the start period do not count, so app2 (which waits for app1 to be healthy) is not refused.
HEALTHCHECK --interval=10s --timeout=3s --start-period=180s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node_modules/.bin/tsx", "server/main.ts"]
