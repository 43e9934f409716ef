import { useSnapshot } from 'valtio';
import { celebration, endCelebration } from './celebration';
import { Modal } from '../../components/Modal';

/** The modal with the celebratory banner, shown over whichever page comes next (see features/celebration). */
export function CelebrationModal() {
  const { shown } = useSnapshot(celebration);
  if (!shown) return null;
  return (
    <Modal title={shown.title} hideTitle celebration={shown.title} rounds width={560} height="auto" onClose={endCelebration}>
      <p>{shown.text}</p>
      <button type="button" className="ad-button" autoFocus onClick={endCelebration}>
        Start editing
      </button>
    </Modal>
  );
}
