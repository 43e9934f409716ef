/** One picture on its way to the server: `sent` is the share of its bytes sent so far, 0 to 1. */
export interface UploadProgress {
  /** Which picture of which batch: two batches may be on their way at once, even with files of the same name. */
  id: string;
  name: string;
  sent: number;
}

export interface UploadListProps {
  uploads: readonly UploadProgress[];
  /** Pictures that did not go in, each with the reason and, where trying again can help, a Retry that stays until used. */
  failures: ReadonlyArray<{ id: string; file: File; reason: string; retriable: boolean }>;
  onRetry: (id: string) => void;
}

/** Each image of an upload with its own progress bar (the images-remaining count sits above it), then the failed ones. */
export function UploadList({ uploads, failures, onRetry }: UploadListProps) {
  return (
    <>
      {uploads.length > 0 && <ProgressBars uploads={uploads} />}
      {failures.length > 0 && (
        <ul className="ad-upload-failures" aria-label="Images not uploaded">
          {failures.map(({ id, file, reason, retriable }) => (
            <li key={id}>
              <span className="ad-uploads__name">{file.name}</span>
              <span className="ad-error">{reason}</span>
              {retriable && (
                <button type="button" className="ad-button ad-button--plain" aria-label={`Retry ${file.name}`} onClick={() => onRetry(id)}>
                  Retry
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function ProgressBars({ uploads }: { uploads: readonly UploadProgress[] }) {
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
