import type { Tour } from '../../api/schema/tour';
import { useApiOrigin } from '../viewer/api-origin-context';

export const UNSUPPORTED_BROWSER = 'This browser cannot join the video chat. Please open the tour in a recent Chrome, Edge, Firefox or Safari.';

interface LobbyProps {
  tour: Tour;
  name: string;
  supported: boolean;
  canConnect: boolean;
  joining: boolean;
  /** A scene is on show, so a showing request can say where. */
  hasScene: boolean;
  onName(name: string): void;
  onConnect(): void;
  onClose(): void;
  onScheduleShowing(): void;
}

/** Before the room: a name, Connect, and (when the tour takes them) a showing request instead. */
export function Lobby({ tour, name, supported, canConnect, joining, hasScene, onName, onConnect, onClose, onScheduleShowing }: LobbyProps) {
  const brand = location.origin === useApiOrigin() ? 'Tour Platform' : location.hostname;
  return (
    <div className="vc-lobby">
      <button type="button" className="vc-close" aria-label="Close the lobby" onClick={onClose}>
        ×
      </button>
      <h2>{brand}</h2>
      <p>Live video tours made possible by Tour Platform</p>
      <p>Click Connect to join other participants.</p>
      <input aria-label="Your name" placeholder="Enter Your Name" value={name} maxLength={60} onChange={(event) => onName(event.target.value)} />
      {!supported && (
        <p className="vc-unsupported" role="alert">
          {UNSUPPORTED_BROWSER}
        </p>
      )}
      <button type="button" className="vc-button" disabled={!canConnect || joining} onClick={onConnect}>
        Connect
      </button>
      {tour.isScheduleEnabled && (
        <>
          <p className="vc-or">OR</p>
          <button type="button" className="vc-button vc-button--plain" disabled={!tour.id || !hasScene} onClick={onScheduleShowing}>
            Schedule a Showing
          </button>
        </>
      )}
    </div>
  );
}
