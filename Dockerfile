# One image per app, each with only its own production dependencies and the libraries it uses, run
# as a non-root user on Node.js 24 LTS:
#   docker build --target service --build-arg APP=services/auth -t garage/auth:1.0.0 .
#   docker build --target service --build-arg APP=gateway -t garage/gateway:1.0.0 .
#   docker build --target web -t garage/web:1.0.0 .
# Every base image is pinned to an exact version; bump them here, in docker-compose.yml and in
# libs/testing's containers together.
ARG NODE_IMAGE=node:24.11.1-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.28.0-alpine

# No `# syntax=` line: BuildKit's built-in Dockerfile frontend reads this file, so a build needs no
# frontend image from a registry. Where npm must trust a private CA (a proxy's), hand its bundle in
# as a build secret (`--secret id=npm-ca,src=CA.pem`); it is used while npm runs and never stored in
# an image.

# The lock file and every workspace's manifest, nothing else: the dependency layers below are
# rebuilt only when these change, not on every source change.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && find . -name package.json -not -path '*/node_modules/*' | tar -cf - -T - package-lock.json .npmrc deploy/docker/app-files.sh | tar -xf - -C /manifests

# Every dependency, installed once.
FROM ${NODE_IMAGE} AS deps
WORKDIR /repo
ENV NX_DAEMON=false NX_NO_CLOUD=true NX_SKIP_NX_CACHE=true
COPY --from=manifests /manifests ./
RUN --mount=type=cache,target=/root/.npm --mount=type=secret,id=npm-ca \
    if [ -s /run/secrets/npm-ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm-ca; fi \
 && npm ci --no-audit --no-fund

# Everything built once (BuildKit shares this stage between the apps' builds).
FROM deps AS build
COPY . .
RUN npx nx run-many -t build --exclude=@garage/standalone,@garage/deploy-k8s,@garage/e2e --output-style=static

# The one app's production dependencies (from the manifests alone, so cached across source changes).
FROM ${NODE_IMAGE} AS app-deps
ARG APP
WORKDIR /repo
COPY --from=manifests /manifests ./
RUN --mount=type=cache,target=/root/.npm --mount=type=secret,id=npm-ca \
    if [ -s /run/secrets/npm-ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm-ca; fi \
 && test -n "${APP}" && deploy/docker/app-files.sh --deps "${APP}" /out

# The one app's files: those dependencies, its dist and its libraries' dist.
FROM build AS app-files
ARG APP
COPY --from=app-deps /out /out
RUN deploy/docker/app-files.sh --dist "${APP}" /out

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
