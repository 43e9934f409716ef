import type { Tour } from '../../api/schema/tour';
import { EN_PARTS } from '../i18n/en-parts';
import { useMessages } from '../i18n/i18n-context';
import { NamedText } from '../i18n/NamedText';
import { useApiOrigin } from '../viewer/api-origin-context';

export const UNSUPPORTED_BROWSER = EN_PARTS.unsupportedBrowser;

interface LobbyProps {
  tour: Tour;
  name: string;
  supported: boolean;
  /** The product's name on the tour's server, once its video config said it. */
  siteName?: string;
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
export function Lobby({ tour, name, supported, siteName, canConnect, joining, hasScene, onName, onConnect, onClose, onScheduleShowing }: LobbyProps) {
  // On the tour server's own pages the product is named; a partner's page is named by its own host.
  const brand = location.origin === useApiOrigin() ? siteName : location.hostname;
  const { t } = useMessages();
  return (
    <div className="vc-lobby">
      <button type="button" className="vc-close" aria-label={t('closeLobby')} onClick={onClose}>
        ×
      </button>
      {brand && <h2 dir="auto">{brand}</h2>}
      <p>{siteName && <NamedText text={t('lobbyCredit')} name={siteName} />}</p>
      <p>{t('lobbyConnectHint')}</p>
      <input
        aria-label={t('yourName')}
        placeholder={t('enterYourName')}
        dir="auto"
        value={name}
        maxLength={60}
        onChange={(event) => onName(event.target.value)}
      />
      {!supported && (
        <p className="vc-unsupported" role="alert">
          {t('unsupportedBrowser')}
        </p>
      )}
      <button type="button" className="vc-button" disabled={!canConnect || joining} onClick={onConnect}>
        {t('connect')}
      </button>
      {tour.isScheduleEnabled && (
        <>
          <p className="vc-or">{t('or')}</p>
          <button type="button" className="vc-button vc-button--plain" disabled={!tour.id || !hasScene} onClick={onScheduleShowing}>
            {t('scheduleShowing')}
          </button>
        </>
      )}
    </div>
  );
}
