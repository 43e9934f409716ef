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

/** Where the tour's save stands, in the editor's header; after a conflict, the way out. */
export function SaveState({ status }: { status: SaveStatus }) {
  return (
    <>
      <span className={`ad-save ad-save--${status}`} role="status">
        {SAVE_LABELS[status]}
      </span>
      {status === 'conflict' && (
        <button type="button" className="ad-button" onClick={() => location.reload()}>
          Reload
        </button>
      )}
    </>
  );
}
