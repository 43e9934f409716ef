import { createContext, useContext } from 'react';
import type { OwnerOnlyField, TourAccessAnswer } from '../../../api/schema/tour-access';

/** What the server said the caller may do with the open tour (`GET /api/tours/{shortId}/access`). */
const EditorAccess = createContext<TourAccessAnswer>({ role: 'owner', ownerOnlyFields: [] });
export const EditorAccessProvider = EditorAccess.Provider;

/** Whether `field` is the owner's and the caller is not: the editor shows it without letting them change it. */
export function useOwnersField(): (field: OwnerOnlyField) => boolean {
  const { role, ownerOnlyFields } = useContext(EditorAccess);
  return (field) => role !== 'owner' && ownerOnlyFields.includes(field);
}

/** Says beside an owner-only setting that it is the owner's, so a team member sees why it cannot be changed. */
export function OwnersSetting({ field }: { field: OwnerOnlyField }) {
  const ownersField = useOwnersField();
  return ownersField(field) ? <small className="ad-owners-setting">Only the tour’s owner can change this.</small> : null;
}
