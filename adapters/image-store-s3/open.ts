/**
 * The image store a process uses: the S3-compatible bucket when RIPOSTE_S3_* is set, else the
 * filesystem (RIPOSTE_UPLOADS_DIR, default <data>/uploads), so `npm start` needs nothing.
 */
import { createFsImageStore } from '@adapters/image-store';
import type { ImageStore } from '@core/images';
import { createS3ImageStore, type S3ImageStoreConfig } from './index';

export const openImageStore = (opts: { s3: S3ImageStoreConfig | undefined; dataDir: string; uploadsDir?: string | undefined }): { images: ImageStore; where: string } => {
  if (opts.s3 !== undefined) {
    const images = createS3ImageStore(opts.s3);
    return { images, where: `s3 ${opts.s3.endpoint} bucket ${opts.s3.bucket} prefix "${images.prefix}"` };
  }
  const images = createFsImageStore(opts.dataDir, opts.uploadsDir);
  return { images, where: `directory ${images.dir}` };
};
