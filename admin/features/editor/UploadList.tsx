/** One picture on its way to the server: `sent` is the share of its bytes sent so far, 0 to 1. */
export interface UploadProgress {
  /** Which picture of which batch: two batches may be on their way at once, even with files of the same name. */
  id: string;
  name: string;
  sent: number;
}

/** Each image of an upload with its own progress bar (the images-remaining count sits above it). */
export function UploadList({ uploads }: { uploads: readonly UploadProgress[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="ad-uploads" aria-label="Images uploading">
      {uploads.map(({ id, name, sent }) => (
        <li key={id}>
          <span className="ad-uploads__name">{name}</span>
          <progress max={1} value={sent} aria-label={`${name} uploaded`} />
          <span className="ad-uploads__percent">{Math.round(sent * 100)}%</span>
        </li>
      ))}
    </ul>
  );
}
