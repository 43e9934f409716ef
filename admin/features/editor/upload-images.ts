import type { ImageUpload } from '../../../api/schema/media';
import type { UploadedPicture } from './tour-edits';

import { RequestFailed } from '../../lib/request-failed';

/** An image upload is retried once, when trying again can help (see worthRetrying). */
export const UPLOAD_RETRIES = 1;

export type UploadOutcome = { kind: 'all'; message: string } | { kind: 'some'; message: string; failedTitles: string[] } | { kind: 'none'; message: string };

/** A picture that did not go in, with the reason its last attempt gave (the server's own words when it answered). */
export interface FailedUpload {
  file: File;
  reason: string;
  /** False when the server refused the file itself (not a picture, too large): sending it again would not help. */
  retriable: boolean;
}

/**
 * Whether a failed attempt is worth another: the network or the server failed (status 0 or 5xx), or something
 * else went wrong on the way. A refusal (4xx) comes back the same, and a 70 MB file is not sent twice for it.
 */
function worthRetrying(err: unknown): boolean {
  return !(err instanceof RequestFailed) || err.status === 0 || err.status >= 500;
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

/**
 * The three upload notices. When the server refused the one picture sent, its reason is the notice: the
 * something-went-wrong one would only repeat the list's entry less precisely.
 */
export function uploadOutcome(total: number, failed: FailedUpload[]): UploadOutcome {
  const failedTitles = failed.map(({ file }) => file.name.replace(/\.(jpe?g|png)$/i, ''));
  if (failedTitles.length === 0) return { kind: 'all', message: 'All your images were uploaded.' };
  if (total === 1 && !failed[0].retriable) return { kind: 'none', message: `${failed[0].file.name} was not uploaded: ${failed[0].reason}` };
  if (failedTitles.length === total) return { kind: 'none', message: 'Something went wrong: no images were uploaded. Please try again.' };
  return {
    kind: 'some',
    failedTitles,
    message: `We hit a small hiccup: these images were not uploaded: ${failedTitles.join(', ')}. Please try them again.`,
  };
}

/** Uploads one file after another, retrying each once where that can help, and reports the images remaining as it goes. */
export async function uploadImages(files: File[], uploadOne: UploadOne, onRemaining: (remaining: number) => void): Promise<UploadResult> {
  const uploaded: UploadedPicture[] = [];
  const failed: FailedUpload[] = [];
  onRemaining(files.length);
  for (const [index, file] of files.entries()) {
    let stored: UploadedPicture | undefined;
    let reason = NOT_STORED;
    let retriable = true;
    for (let attempt = 0; attempt <= UPLOAD_RETRIES && !stored && retriable; attempt++) {
      const reply = await uploadOne(file).catch((err: unknown) => {
        reason = err instanceof Error && err.message ? err.message : NOT_STORED;
        retriable = worthRetrying(err);
      });
      if (reply?.image && reply.url) stored = { ...(reply as UploadedPicture), fileName: file.name };
      else if (reply) reason = NOT_STORED;
    }
    if (stored) uploaded.push(stored);
    else failed.push({ file, reason, retriable });
    onRemaining(files.length - index - 1);
  }
  return {
    uploaded,
    failed,
    outcome: uploadOutcome(files.length, failed),
  };
}
