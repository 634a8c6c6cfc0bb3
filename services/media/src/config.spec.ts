import { describe, expect, it } from '@jest/globals';
import { baseConfigShape, ConfigError, loadConfig } from '@garage/service-kit';
import { mediaConfig, storageSettings, type MediaConfig } from './config.js';

const load = (env: Record<string, string>) =>
  loadConfig({ ...baseConfigShape, ...mediaConfig }, { DATA_DIR: '/srv/garage', ...env }) as MediaConfig;
const problemsOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('storage configuration', () => {
  it('defaults to local disk under DATA_DIR/media, on port 4004', () => {
    const config = load({});
    expect(config.PORT).toBe(4004);
    expect(storageSettings(config)).toEqual({ driver: 'local', directory: '/srv/garage/media' });
  });

  it('takes an S3 bucket with its endpoint, path style and key pair', () => {
    const config = load({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'photos',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(storageSettings(config)).toEqual({
      driver: 's3',
      bucket: 'photos',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
  });

  it('refuses the S3 driver without a bucket, naming the key', () => {
    expect(problemsOf(() => storageSettings(load({ STORAGE_DRIVER: 's3' })))).toEqual(['S3_BUCKET is required when STORAGE_DRIVER=s3']);
  });

  it('refuses half a key pair', () => {
    expect(problemsOf(() => storageSettings(load({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })))).toEqual([
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither',
    ]);
  });

  it.each([
    [{ STORAGE_DRIVER: 'ftp' }, 'STORAGE_DRIVER'],
    [{ S3_ENDPOINT: 'not a url' }, 'S3_ENDPOINT'],
    [{ S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE'],
    [{ MAX_IMAGE_PIXELS: '10' }, 'MAX_IMAGE_PIXELS'],
  ])('refuses %j at boot', (env, key) => {
    expect(problemsOf(() => load(env)).join('\n')).toContain(key);
  });
});
