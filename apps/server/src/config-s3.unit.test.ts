// RIPOSTE_S3_*: uploaded images in an S3-compatible bucket. All four of URL, bucket and key pair,
// or none (the filesystem default); half a setting is refused at start-up, naming what is missing.
import { describe, expect, it } from 'vitest';
import { loadServerConfig } from './config';
import { problemsOf } from './testing/config-problems';

const S3 = {
  RIPOSTE_DATA_DIR: '/tmp/riposte-d',
  RIPOSTE_S3_URL: 'http://minio:9000',
  RIPOSTE_S3_BUCKET: 'riposte-images',
  RIPOSTE_S3_ACCESS_KEY_ID: 'riposte',
  RIPOSTE_S3_SECRET_ACCESS_KEY: 'a-long-secret',
};

describe('S3 image store configuration', () => {
  it('keeps images on disk when nothing is set', () => {
    const c = loadServerConfig({ RIPOSTE_DATA_DIR: '/tmp/riposte-d' });
    expect(c.s3).toBeUndefined();
    expect(c.uploadsDir).toBe('/tmp/riposte-d/uploads');
  });

  it('reads a complete setting, path-style with the us-east-1 region and the uploads/ prefix by default', () => {
    expect(loadServerConfig(S3).s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'riposte-images',
      accessKeyId: 'riposte',
      secretAccessKey: 'a-long-secret',
      region: 'us-east-1',
      prefix: 'uploads/',
      forcePathStyle: true,
    });
    expect(loadServerConfig({ ...S3, RIPOSTE_S3_REGION: 'eu-west-1', RIPOSTE_S3_PREFIX: 'riposte/img/', RIPOSTE_S3_PATH_STYLE: 'false' }).s3).toMatchObject({
      region: 'eu-west-1',
      prefix: 'riposte/img/',
      forcePathStyle: false,
    });
  });

  it.each(['RIPOSTE_S3_URL', 'RIPOSTE_S3_BUCKET', 'RIPOSTE_S3_ACCESS_KEY_ID', 'RIPOSTE_S3_SECRET_ACCESS_KEY'])('refuses the setting without %s, naming it', (variable) => {
    const problems = problemsOf({ ...S3, [variable]: undefined });
    expect(problems).toHaveLength(1);
    expect(problems[0]?.variable).toBe(variable);
    expect(problems[0]?.message).toMatch(/are all set \(unset them all to keep images on disk\)/);
  });

  it('refuses a lone secret with every missing variable named, and bad values with what is expected', () => {
    expect(problemsOf({ RIPOSTE_S3_SECRET_ACCESS_KEY: 'x' }).map((p) => p.variable).sort()).toEqual(['RIPOSTE_S3_ACCESS_KEY_ID', 'RIPOSTE_S3_BUCKET', 'RIPOSTE_S3_URL']);
    expect(problemsOf({ ...S3, RIPOSTE_S3_URL: 'minio:9000' })[0]).toMatchObject({ variable: 'RIPOSTE_S3_URL', message: expect.stringMatching(/http:\/\/minio:9000/) });
    expect(problemsOf({ ...S3, RIPOSTE_S3_BUCKET: 'Bad_Bucket' })[0]?.variable).toBe('RIPOSTE_S3_BUCKET');
    expect(problemsOf({ ...S3, RIPOSTE_S3_PREFIX: 'no-slash' })[0]?.variable).toBe('RIPOSTE_S3_PREFIX');
  });

  it('refuses both an uploads directory and a bucket', () => {
    expect(problemsOf({ ...S3, RIPOSTE_UPLOADS_DIR: '/srv/uploads' })).toEqual([{ variable: 'RIPOSTE_UPLOADS_DIR', message: expect.stringMatching(/not both/) }]);
  });

  it('lets a shared (several processes) installation keep its images in the bucket instead of a shared directory', () => {
    const shared = {
      ...S3,
      RIPOSTE_SHARED_URL: 'postgres://riposte:secret@db:5432/riposte',
      RIPOSTE_TOKEN_KEY: Buffer.alloc(32, 7).toString('base64'),
      RIPOSTE_SESSION_KEYS: 'k'.repeat(40),
      RIPOSTE_SQLITE_FILE: '/srv/riposte/events.db',
      RIPOSTE_X_API_URL: 'http://127.0.0.1:4100',
      RIPOSTE_PAYPAL_API_URL: 'http://127.0.0.1:4200',
    };
    expect(problemsOf(shared)).toEqual([]);
  });
});
