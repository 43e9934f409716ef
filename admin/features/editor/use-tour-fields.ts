import type { Tour } from '../../../api/schema/tour';
import { useEditorStore, useEditorTour } from './editor-context';
import { setField } from './editor-store';

/** What every editor tab works with: the tour as it stands and one way to change a field of it (saved by the store). */
export function useTourFields() {
  const store = useEditorStore();
  const tour = useEditorTour();
  const set = <K extends keyof Tour>(key: K, value: Tour[K]) => setField(store, key, value);
  return { tour, set };
}
