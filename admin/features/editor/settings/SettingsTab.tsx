import { useState } from 'react';
import { THEMES, type Tour, type TourConfig } from '../../../../api/schema/tour';
import { AmbiencePicker } from './AmbiencePicker';
import { HotspotStylePicker } from './HotspotStylePicker';
import { ThemePreview } from './ThemePreview';
import { OwnersSetting, useOwnersField } from '../editor-access';
import { useEditorStore } from '../editor-context';
import { setPassword } from '../editor-store';
import { useTourFields } from '../use-tour-fields';

const CONFIG_FLAGS: Array<[keyof Omit<TourConfig, 'ambience'>, string]> = [
  ['enableRibbon', 'Show the scene reel'],
  ['hideRibbonAtStart', 'Hide the reel at start'],
  ['autoRotate', 'Rotate automatically'],
  ['tinyPlanet', 'Tiny planet intro'],
  ['audioHotspots', 'Sound on hotspots'],
  ['lockHorizontalFov', 'Lock the horizontal field of view'],
  ['toggleHotspots', 'Let visitors hide hotspots'],
];

/**
 * The new password is not part of the tour: it travels with the next save only. Choosing Password for a tour
 * without one asks for it first; the server refuses a password tour with none, which would only show "Not saved".
 */
export function SettingsTab() {
  const store = useEditorStore();
  const { tour, set } = useTourFields();
  const onPassword = (password: string) => setPassword(store, password);
  const ownersField = useOwnersField();
  const [askingPassword, setAskingPassword] = useState(false);
  const [firstPassword, setFirstPassword] = useState('');
  function choosePrivacy(privacy: Tour['privacy']) {
    setAskingPassword(privacy === 'Password' && tour.privacy !== 'Password');
    if (privacy !== 'Password' || tour.privacy === 'Password') set('privacy', privacy);
  }
  function protect() {
    onPassword(firstPassword);
    set('privacy', 'Password');
    setAskingPassword(false);
    setFirstPassword('');
  }
  return (
    <section aria-label="Settings" className="ad-form">
      <label className="ad-field">
        <span>Description</span>
        <textarea rows={3} value={tour.description} onChange={(event) => set('description', event.target.value)} />
      </label>
      <label className="ad-field">
        <span>Privacy</span>
        <select
          value={askingPassword ? 'Password' : tour.privacy}
          disabled={ownersField('privacy')}
          onChange={(event) => choosePrivacy(event.target.value as Tour['privacy'])}
        >
          <option>Public</option>
          <option>Private</option>
          <option>Password</option>
        </select>
        <OwnersSetting field="privacy" />
      </label>
      {askingPassword && (
        <div className="ad-field" role="group" aria-label="Set the tour's password">
          <label className="ad-field">
            <span>Tour password</span>
            <input type="password" autoComplete="new-password" value={firstPassword} onChange={(event) => setFirstPassword(event.target.value)} />
          </label>
          <p>Visitors will need this password to open the tour. Until you set it, the tour stays {tour.privacy}.</p>
          <button type="button" className="ad-button" disabled={!firstPassword} onClick={protect}>
            Protect with this password
          </button>
        </div>
      )}
      {tour.privacy === 'Password' && !ownersField('password') && (
        <label className="ad-field">
          <span>Tour password</span>
          <input type="password" autoComplete="new-password" onChange={(event) => onPassword(event.target.value)} />
        </label>
      )}
      <label className="ad-field">
        <span>Theme</span>
        <select value={tour.theme} onChange={(event) => set('theme', event.target.value)}>
          {THEMES.map((theme) => (
            <option key={theme}>{theme}</option>
          ))}
        </select>
      </label>
      <ThemePreview tour={tour} />
      {CONFIG_FLAGS.map(([flag, label]) => (
        <label key={flag} className="ad-check">
          <input type="checkbox" checked={tour.config[flag]} onChange={(event) => set('config', { ...tour.config, [flag]: event.target.checked })} /> {label}
        </label>
      ))}
      <AmbiencePicker />
      <HotspotStylePicker />
      <label className="ad-field">
        <span>Analytics id</span>
        <input value={tour.ua} onChange={(event) => set('ua', event.target.value)} />
      </label>
    </section>
  );
}
