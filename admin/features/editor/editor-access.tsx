import type { OwnerOnlyField } from '../../../api/schema/tour-access';
import { useEditorSnapshot, useEditorStore } from './editor-context';
import { isOwnersField } from './editor-store';

/** Whether `field` is the owner's and the caller is not: the editor shows it without letting them change it. */
export function useOwnersField(): (field: OwnerOnlyField) => boolean {
  const access = useEditorSnapshot(useEditorStore());
  return (field) => isOwnersField(access, field);
}

/** Says beside an owner-only setting that it is the owner's, so a team member sees why it cannot be changed. */
export function OwnersSetting({ field }: { field: OwnerOnlyField }) {
  const ownersField = useOwnersField();
  return ownersField(field) ? <small className="ad-owners-setting">Only the tour’s owner can change this.</small> : null;
}
