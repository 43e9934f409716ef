import { createContext, useContext } from 'react';
import { useSnapshot } from 'valtio';
import type { Tour } from '../../../api/schema/tour';
import type { EditorState } from './editor-store';

const EditorStore = createContext<EditorState | null>(null);

/** Gives the editor's parts the store of the tour open in it (each editor has its own). */
export const EditorStoreProvider = EditorStore.Provider;

export function useEditorStore(): EditorState {
  const store = useContext(EditorStore);
  if (!store) throw new Error('An editor part was rendered outside <EditorStoreProvider>.');
  return store;
}

/**
 * The store as the editor's parts read it. Synchronously: a field edited by a keystroke must render its new value
 * within that keystroke's event, or React puts the old one back and the caret jumps to the end.
 */
export function useEditorSnapshot(store: EditorState) {
  return useSnapshot(store, { sync: true });
}

/**
 * The tour as the store holds it, for a part shown once it has loaded. Read through the snapshot, so the part
 * renders again whenever the tour is replaced; handed on as the store's own object, typed as the tour it is.
 */
export function useEditorTour(): Tour {
  const store = useEditorStore();
  if (!useEditorSnapshot(store).tour) throw new Error('An editor part that shows the tour was rendered before it loaded.');
  return store.tour!;
}
