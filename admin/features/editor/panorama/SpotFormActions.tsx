/** The end of the hotspot and infospot forms: what is missing, then Save, Cancel and (when editing) Delete. */
export function SpotFormActions({ error, onCancel, onDelete }: { error: string; onCancel: () => void; onDelete?: () => void }) {
  return (
    <>
      {error && (
        <p className="ad-error" role="alert">
          {error}
        </p>
      )}
      <div className="ad-spot-form__actions">
        <button type="submit" className="ad-button">
          Save
        </button>
        <button type="button" className="ad-button ad-button--plain" onClick={onCancel}>
          Cancel
        </button>
        {onDelete && (
          <button type="button" className="ad-link ad-link--danger" onClick={onDelete}>
            Delete
          </button>
        )}
      </div>
    </>
  );
}
