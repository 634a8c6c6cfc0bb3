/**
 * Whether a container image reference names one exact build: a digest (`@sha256:…`), or a tag that
 * is a full version (`15.14-alpine`, `1.0.0`, `v1.24.0`, MinIO's `RELEASE.2025-04-22T22-12-26Z`).
 * Untagged references, `latest` and floating tags such as `15-alpine` or `7` are not: they change
 * under the same name, so two builds of the same commit could differ.
 */
export function isPinnedImage(reference: string): boolean {
  if (/@sha256:[0-9a-f]{64}$/.test(reference)) return true;
  const lastPart = reference.slice(reference.lastIndexOf('/') + 1);
  const colon = lastPart.indexOf(':');
  if (colon < 0) return false;
  const tag = lastPart.slice(colon + 1);
  return /^v?\d+\.\d+(\.\d+)?([-.][0-9A-Za-z.-]+)?$/.test(tag) || /^RELEASE\.\d{4}-\d{2}-\d{2}T[\d-]+Z$/.test(tag);
}

/** The images libs/testing starts when it falls back to testcontainers (the versions compose runs). */
export const TEST_CONTAINER_IMAGES = {
  postgres: 'postgres:15.14-alpine',
  rabbitmq: 'rabbitmq:3.13.7-alpine',
  redis: 'redis:7.4.5-alpine',
} as const;

/** The variables that name other images for those containers (e.g. a machine's local stand-ins). */
export const TEST_CONTAINER_IMAGE_ENV = {
  postgres: 'GARAGE_TEST_POSTGRES_IMAGE',
  rabbitmq: 'GARAGE_TEST_RABBITMQ_IMAGE',
  redis: 'GARAGE_TEST_REDIS_IMAGE',
} as const;

/** The images to start: each one's variable when set, else the pinned official image. */
export function testContainerImages(env: NodeJS.ProcessEnv = process.env): Record<keyof typeof TEST_CONTAINER_IMAGES, string> {
  const image = (name: keyof typeof TEST_CONTAINER_IMAGES) => env[TEST_CONTAINER_IMAGE_ENV[name]] || TEST_CONTAINER_IMAGES[name];
  return { postgres: image('postgres'), rabbitmq: image('rabbitmq'), redis: image('redis') };
}
