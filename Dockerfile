# syntax=docker/dockerfile:1.7
# One image per app, each with only its own production dependencies and the libraries it uses, run
# as a non-root user on Node.js 24 LTS:
#   docker build --target service --build-arg APP=services/auth -t garage/auth:1.0.0 .
#   docker build --target service --build-arg APP=gateway -t garage/gateway:1.0.0 .
#   docker build --target web -t garage/web:1.0.0 .
# Every base image is pinned to an exact version; bump them here, in docker-compose.yml and in
# libs/testing's containers together.
ARG NODE_IMAGE=node:24.11.1-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.28.0-alpine

# Everything built once (BuildKit shares this stage between the apps' builds).
FROM ${NODE_IMAGE} AS build
WORKDIR /repo
ENV NX_DAEMON=false NX_NO_CLOUD=true NX_SKIP_NX_CACHE=true
COPY . .
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund \
 && npx nx run-many -t build --exclude=@garage/standalone,@garage/deploy-k8s,@garage/e2e --output-style=static

# The one app's files: its workspace's production dependencies, its dist and its libraries' dist.
FROM build AS app-files
ARG APP
RUN --mount=type=cache,target=/root/.npm \
    test -n "${APP}" && deploy/docker/app-files.sh "${APP}" /out

FROM ${NODE_IMAGE} AS service
ARG APP
ENV NODE_ENV=production HOST=0.0.0.0 APP_ENTRY=${APP}/dist/main.js
WORKDIR /app
COPY --from=app-files /out ./
USER node
STOPSIGNAL SIGTERM
CMD ["sh", "-c", "exec node --import @garage/service-kit/instrument \"$APP_ENTRY\""]

FROM ${NGINX_IMAGE} AS web
COPY deploy/web/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /repo/web/dist /usr/share/nginx/html
EXPOSE 8080
