import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import type { ImageUpload } from '../../../api/schema/media';
import { upload } from '../../lib/api-client';
import { scenesUploaded, type EditorState } from './editor-store';
import { uploadImages, type FailedUpload } from './upload-images';
import type { UploadProgress } from './UploadList';

function isEquirectangular(file: File): Promise<boolean> {
  return createImageBitmap(file).then(
    (bitmap) => Math.abs(bitmap.width / bitmap.height - 2) < 0.02,
    () => true,
  );
}

/** Uploads panoramas into the store's tour as new scenes, with a bar per file and a count of the images still to go. */
export function useImageUploads(store: EditorState) {
  // Images still to upload, by batch: a batch chosen while another is on its way counts beside it.
  const [remaining, setRemaining] = useState<Record<string, number>>({});
  const [uploads, setUploads] = useState<UploadProgress[]>([]);
  // Kept until the owner retries them: a notice that closes by itself would leave no way to.
  const [failures, setFailures] = useState<Array<FailedUpload & { id: string }>>([]);
  const imagesRemaining = Object.values(remaining).reduce((sum, left) => sum + left, 0);

  async function addImages(files: Iterable<File> | null) {
    const list = [...(files ?? [])];
    if (list.length === 0) return;
    const flags = await Promise.all(list.map(isEquirectangular));
    // By file, not name: two files of one batch may share a name.
    const equirectangular = new Map(list.map((file, i) => [file, flags[i]]));
    const batchId = crypto.randomUUID();
    // This batch's bars join those of a batch still on its way, and only they go when it ends.
    const batch = list.map((file) => ({ id: crypto.randomUUID(), name: file.name, sent: 0 }));
    const ids = new Set<string>(batch.map((item) => item.id));
    setUploads((all) => [...all, ...batch]);
    const result = await uploadImages(
      list,
      (file) => {
        // The tour first: the server checks it as soon as it reads it, before the file streams in.
        const form = new FormData();
        form.set('tourId', String(store.tour!.id));
        const isNotEquirect = !equirectangular.get(file);
        if (isNotEquirect) form.set('isNotEquirect', 'true');
        form.set('image', file);
        const { id } = batch[list.indexOf(file)];
        return upload<ImageUpload>('/images/', form, (sent) => setUploads((all) => all.map((item) => (item.id === id ? { ...item, sent } : item)))).then(
          (reply) => ({ ...reply, isNotEquirect }),
        );
      },
      (left) => setRemaining((all) => ({ ...all, [batchId]: left })),
    );
    setUploads((all) => all.filter((item) => !ids.has(item.id)));
    setRemaining(({ [batchId]: _done, ...others }) => others);
    scenesUploaded(store, result.uploaded);
    setFailures((all) => [...all, ...result.failed.map((failure) => ({ ...failure, id: crypto.randomUUID() }))]);
    (result.outcome.kind === 'all' ? toast.success : toast.error)(result.outcome.message);
  }

  function retry(id: string) {
    const failure = failures.find((candidate) => candidate.id === id);
    if (!failure) return;
    setFailures((all) => all.filter((candidate) => candidate.id !== id));
    void addImages([failure.file]);
  }

  return { uploads, imagesRemaining, addImages, failures, retry };
}
