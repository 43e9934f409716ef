import type { SaveStatus } from './tour-saver';

const SAVE_LABELS: Record<SaveStatus, string> = {
  saved: 'Saved',
  unsaved: 'Unsaved changes',
  saving: 'Saving…',
  offline: 'Not Connected to Internet',
  'signed-out': 'Sign in again to save',
  conflict: 'Changed elsewhere',
  invalid: 'Not saved',
};

/**
 * Where the tour's save stands, in the editor's header; after a conflict, the way out. While pictures are still
 * uploading the tour is not "Saved": their scenes join it only once they are in.
 */
export function SaveState({ status, uploading }: { status: SaveStatus; uploading: boolean }) {
  const shown = uploading && status === 'saved' ? 'uploading' : status;
  return (
    <>
      <span className={`ad-save ad-save--${shown}`} role="status">
        {shown === 'uploading' ? 'Uploading images…' : SAVE_LABELS[status]}
      </span>
      {status === 'conflict' && (
        <button type="button" className="ad-button" onClick={() => location.reload()}>
          Reload
        </button>
      )}
    </>
  );
}
