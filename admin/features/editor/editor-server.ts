import { toast } from 'react-toastify/unstyled';
import type { Tour } from '../../../api/schema/tour';
import { api } from '../../lib/api-client';
import { RequestFailed } from '../../lib/request-failed';
import { saveRooms } from '../floorplans/floorplan-api';
import type { EditorServer } from './editor-store';

/** The editor's writes on the real API; a plan whose rooms could not be written is named to the owner. */
export function editorServer(shortId: string): EditorServer {
  return {
    saveTour: (body) => api<Tour>('POST', `/tours/${encodeURIComponent(shortId)}`, body),
    saveRooms: (plan) =>
      saveRooms(plan).catch((err: unknown) => {
        toast.error(`The rooms of floor plan "${plan.name}" could not be saved: ${err instanceof RequestFailed ? err.message : 'unknown error'}`);
        throw err;
      }),
  };
}
