import { localMediaDir, type Config } from '../config/config';
import { LocalMediaStorage } from './local-media-storage';
import type { MediaStorage } from './media-storage';
import { createS3Client, S3MediaStorage } from './s3-media-storage';

/** The media store the settings name: the bucket when S3_* is set, else the data folder's media folder. */
export async function openMediaStorage(config: Config): Promise<MediaStorage> {
  if (config.s3) return new S3MediaStorage(createS3Client(config.s3), config.s3.bucket);
  return LocalMediaStorage.open(localMediaDir(config.dataDir));
}
