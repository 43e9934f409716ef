import { OwnersSetting, useOwnersField } from './editor-access';
import { useTourFields } from './use-tour-fields';

const VIDEO_CHAT_FLAGS = [
  ['isVideoChatEnabled', 'Video chat on'],
  ['isNotifyEnabled', 'E-mail me when someone joins'],
  ['isScheduleEnabled', 'Visitors can request a showing'],
] as const;

/** Live video chat with visitors: whether it is on, and the agent who answers. */
export function VideoChatTab() {
  const { tour, set } = useTourFields();
  const ownersField = useOwnersField();
  return (
    <section aria-label="Video chat" className="ad-form">
      {VIDEO_CHAT_FLAGS.map(([key, label]) => (
        <label key={key} className="ad-check">
          <input
            type="checkbox"
            checked={tour[key]}
            disabled={key === 'isNotifyEnabled' && ownersField(key)}
            onChange={(event) => set(key, event.target.checked)}
          />{' '}
          {label}
          {key === 'isNotifyEnabled' && <OwnersSetting field={key} />}
        </label>
      ))}
      <label className="ad-field">
        <span>Agent name</span>
        <input value={tour.agentName} onChange={(event) => set('agentName', event.target.value)} />
      </label>
      <label className="ad-field">
        <span>Agent e-mail</span>
        <input type="email" value={tour.agentEmail} disabled={ownersField('agentEmail')} onChange={(event) => set('agentEmail', event.target.value)} />
        <OwnersSetting field="agentEmail" />
      </label>
    </section>
  );
}
