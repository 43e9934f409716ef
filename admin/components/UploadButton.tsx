/** A button-styled file chooser that says so while its upload runs, taking one file at a time. */
export function UploadButton({
  label,
  busyLabel,
  accept,
  busy,
  className = 'ad-button',
  onFile,
}: {
  label: string;
  busyLabel: string;
  accept: string;
  busy: boolean;
  className?: string;
  onFile: (file: File | undefined) => void;
}) {
  return (
    <label className={className}>
      {busy ? busyLabel : label}
      <input type="file" accept={accept} className="ad-file-input" disabled={busy} onChange={(event) => onFile(event.target.files?.[0])} />
    </label>
  );
}
