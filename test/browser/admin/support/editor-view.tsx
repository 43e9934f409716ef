import { ToastContainer } from 'react-toastify/unstyled';
import { Editor } from '../../../../admin/features/editor/Editor';
import type { Tour } from '../../../../api/schema/tour';
import type { User } from '../../../../api/schema/user';
import { mount, waitFor } from '../mount';
import { newTour, ownerCall, signedInOwner } from './real-owner';

export interface EditorView {
  owner: User;
  tour: Tour;
  host: HTMLElement;
  unmount: () => void;
  /** Opens one of the editor's tabs by its name. */
  openTab: (name: string) => Promise<void>;
  saveStatus: () => string;
  whenSaved: () => Promise<void>;
}

/** A new owner and tour on the real API, open in the real editor with its toasts. */
export async function openEditor(changes: Partial<Tour> = {}): Promise<EditorView> {
  const owner = await signedInOwner();
  const created = await newTour(owner);
  const tour = Object.keys(changes).length === 0 ? created : await ownerCall<Tour>(owner, 'POST', `/tours/${created.shortId}`, { ...created, ...changes });
  const { host, unmount } = mount(
    <>
      <Editor shortId={tour.shortId} />
      <ToastContainer />
    </>,
  );
  await waitFor(() => !!host.querySelector('[role="tab"]'), 'the editor shows its tabs');
  const saveStatus = () => host.querySelector('.ad-save')?.textContent ?? '';
  return {
    owner,
    tour,
    host,
    unmount,
    saveStatus,
    openTab: async (name) => {
      [...host.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find((tab) => tab.textContent === name)!.click();
      await waitFor(() => host.querySelector(`[role="tab"][aria-selected="true"]`)?.textContent === name, `the ${name} tab`);
    },
    whenSaved: () => waitFor(() => saveStatus() === 'Saved', 'the tour saved'),
  };
}
