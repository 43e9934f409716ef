import { useState, type FormEvent } from 'react';
import { INFOSPOT_DATA_TYPES, normaliseHyperlink, type Infospot, type InfospotDataType } from '../../../../api/schema/tour';
import type { InfospotFields } from '../tour-edits';
import { LibraryPicker } from '../../library/LibraryPicker';
import { Modal } from '../../../components/Modal';
import { SpotFormActions } from './SpotFormActions';

const TYPE_NAMES: Record<InfospotDataType, string> = { shrt: 'Short text', ext: 'Long text', html: 'HTML', image: 'Picture', hyperLink: 'Link' };
const EMPTY: InfospotFields['data'] = { previewText: '', url: '', htmlContent: '' };

/** What each data type needs before it can be saved; the message says what is missing. */
function missing({ dataType, data }: InfospotFields): string {
  if ((dataType === 'shrt' || dataType === 'ext') && !data.previewText.trim()) return 'Write the text of this infospot.';
  if (dataType === 'html' && !data.htmlContent.trim()) return 'Write the HTML of this infospot.';
  if (dataType === 'image' && !data.image?.url) return 'Choose a picture for this infospot.';
  if (dataType === 'hyperLink' && !data.url.trim()) return 'Write the address this infospot links to.';
  return '';
}

export interface InfospotFormProps {
  /** The infospot being edited; absent for a new one. */
  spot?: Infospot;
  onSave: (fields: InfospotFields) => void;
  onCancel: () => void;
  onDelete?: () => void;
}

/** The infospot modal: one of the five data types and its fields; a link without http(s):// gets http://. */
export function InfospotForm({ spot, onSave, onCancel, onDelete }: InfospotFormProps) {
  const [fields, setFields] = useState<InfospotFields>(spot ? { dataType: spot.dataType, data: spot.data } : { dataType: 'shrt', data: EMPTY });
  const [error, setError] = useState('');
  const { dataType, data } = fields;
  const setData = (patch: Partial<InfospotFields['data']>) => (setFields((current) => ({ ...current, data: { ...current.data, ...patch } })), setError(''));

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = missing(fields);
    if (problem) return setError(problem);
    onSave(fields);
  }

  const title = spot ? 'Edit infospot' : 'Add infospot';
  return (
    <Modal title={title} onClose={onCancel} width={560} height="auto">
      <form className="ad-spot-form" aria-label={title} onSubmit={submit} noValidate>
        <label className="ad-field">
          <span>Type</span>
          <select value={dataType} onChange={(event) => (setFields({ ...fields, dataType: event.target.value as InfospotDataType }), setError(''))}>
            {INFOSPOT_DATA_TYPES.map((type) => (
              <option key={type} value={type}>
                {TYPE_NAMES[type]}
              </option>
            ))}
          </select>
        </label>
        {dataType === 'ext' ? (
          <label className="ad-field">
            <span>Text</span>
            <textarea rows={6} value={data.previewText} onChange={(event) => setData({ previewText: event.target.value })} />
          </label>
        ) : (
          <label className="ad-field">
            <span>{dataType === 'shrt' ? 'Text' : dataType === 'hyperLink' ? 'Link text' : 'Title'}</span>
            <input value={data.previewText} onChange={(event) => setData({ previewText: event.target.value })} />
          </label>
        )}
        {dataType === 'html' && (
          <label className="ad-field">
            <span>HTML</span>
            <textarea rows={8} value={data.htmlContent} onChange={(event) => setData({ htmlContent: event.target.value })} />
          </label>
        )}
        {dataType === 'image' && (
          <>
            <LibraryPicker label="Picture" value={data.image?.url ?? ''} onChange={(url) => setData({ image: { url, caption: data.image?.caption ?? '' } })} />
            <label className="ad-field">
              <span>Caption</span>
              <input value={data.image?.caption ?? ''} onChange={(event) => setData({ image: { url: data.image?.url ?? '', caption: event.target.value } })} />
            </label>
          </>
        )}
        {dataType === 'hyperLink' && (
          <label className="ad-field">
            <span>Address</span>
            <input
              type="url"
              inputMode="url"
              placeholder="example.com"
              value={data.url}
              onChange={(event) => setData({ url: event.target.value })}
              onBlur={() => setData({ url: normaliseHyperlink(data.url) })}
            />
          </label>
        )}
        <SpotFormActions error={error} onCancel={onCancel} onDelete={onDelete} />
      </form>
    </Modal>
  );
}
