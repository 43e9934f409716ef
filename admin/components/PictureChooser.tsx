import { UploadButton } from './UploadButton';

/**
 * One picture of the owner's (their photo, their logo): shown, or said to be missing, with the button that
 * uploads another. `what` names it in the texts: "Change picture", "No logo yet.".
 */
export function PictureChooser({
  src,
  what,
  size,
  busy,
  onFile,
}: {
  src: string;
  what: string;
  size: number;
  busy: boolean;
  onFile: (file: File | undefined) => void;
}) {
  return (
    <div className="ad-account-picture">
      {src ? <img src={src} alt={`Your ${what}`} height={size} /> : <span>No {what} yet.</span>}
      <UploadButton
        label={src ? `Change ${what}` : `Add a ${what}`}
        busyLabel={`Uploading ${what}…`}
        accept="image/jpeg,image/png,image/webp"
        busy={busy}
        className="ad-button ad-button--plain"
        onFile={onFile}
      />
    </div>
  );
}
