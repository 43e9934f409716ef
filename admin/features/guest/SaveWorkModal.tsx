import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Modal } from '../../components/Modal';
import { setUser } from '../../lib/session';
import { AccountForm, type AccountMode } from '../landing/AccountForm';

export const SAVE_WORK = 'Save your work: create an account';

/** A guest's way to an account that keeps their tours: sign up here, or sign in to an account they already have. */
export function SaveWorkModal({ onClose }: { onClose: () => void }) {
  const [mode, setMode] = useState<AccountMode>('signup');
  return (
    <Modal title={SAVE_WORK} width={480} height="auto" onClose={onClose}>
      <p>Your tours are kept only in this browser's guest session. With an account they are yours wherever you sign in.</p>
      <AccountForm
        mode={mode}
        onMode={setMode}
        onSignedIn={({ user, movedTours }) => {
          setUser(user);
          toast.success(
            mode === 'signup'
              ? `Welcome, ${user.name}. Your tours are saved in your new account.`
              : `Welcome, ${user.name}. ${movedTours === 1 ? '1 tour' : `${movedTours} tours`} from your guest session moved to your account.`,
            { autoClose: 5000 },
          );
          onClose();
        }}
      />
    </Modal>
  );
}
