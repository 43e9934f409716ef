import type { ImageUpload } from '../../../api/schema/media';
import type { UploadedPicture } from './tour-edits';

/** An image upload is retried once. */
export const UPLOAD_RETRIES = 1;

export type UploadOutcome = { kind: 'all'; message: string } | { kind: 'some'; message: string; failedTitles: string[] } | { kind: 'none'; message: string };

/** A picture that did not go in, with the reason its last attempt gave (the server's own words when it answered). */
export interface FailedUpload {
  file: File;
  reason: string;
}

/** What a reply that names no stored picture counts as. */
export const NOT_STORED = 'The server did not store this picture.';

export interface UploadResult {
  uploaded: UploadedPicture[];
  failed: FailedUpload[];
  outcome: UploadOutcome;
}

/** The server's answer to one upload; a reply without an image name counts as a failure. */
export type UploadReply = Partial<ImageUpload & Pick<UploadedPicture, 'isNotEquirect'>>;
export type UploadOne = (file: File) => Promise<UploadReply>;

/** The three upload notices. */
export function uploadOutcome(total: number, failedTitles: string[]): UploadOutcome {
  if (failedTitles.length === 0) return { kind: 'all', message: 'All your images were uploaded.' };
  if (failedTitles.length === total) return { kind: 'none', message: 'Something went wrong: no images were uploaded. Please try again.' };
  return {
    kind: 'some',
    failedTitles,
    message: `We hit a small hiccup: these images were not uploaded: ${failedTitles.join(', ')}. Please try them again.`,
  };
}

/** Uploads one file after another, retrying each once, and reports the images remaining as it goes. */
export async function uploadImages(files: File[], uploadOne: UploadOne, onRemaining: (remaining: number) => void): Promise<UploadResult> {
  const uploaded: UploadedPicture[] = [];
  const failed: FailedUpload[] = [];
  onRemaining(files.length);
  for (const [index, file] of files.entries()) {
    let stored: UploadedPicture | undefined;
    let reason = NOT_STORED;
    for (let attempt = 0; attempt <= UPLOAD_RETRIES && !stored; attempt++) {
      const reply = await uploadOne(file).catch((err: unknown) => void (reason = err instanceof Error && err.message ? err.message : NOT_STORED));
      if (reply?.image && reply.url) stored = { ...(reply as UploadedPicture), fileName: file.name };
      else if (reply) reason = NOT_STORED;
    }
    if (stored) uploaded.push(stored);
    else failed.push({ file, reason });
    onRemaining(files.length - index - 1);
  }
  return {
    uploaded,
    failed,
    outcome: uploadOutcome(
      files.length,
      failed.map(({ file }) => file.name.replace(/\.(jpe?g|png)$/i, '')),
    ),
  };
}
