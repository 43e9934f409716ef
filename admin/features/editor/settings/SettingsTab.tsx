import { THEMES, type Tour, type TourConfig } from '../../../../api/schema/tour';
import { AmbiencePicker } from './AmbiencePicker';
import { HotspotStylePicker } from './HotspotStylePicker';
import { ThemePreview } from './ThemePreview';
import type { TabProps } from '../tab-props';

const CONFIG_FLAGS: Array<[keyof Omit<TourConfig, 'ambience'>, string]> = [
  ['enableRibbon', 'Show the scene reel'],
  ['hideRibbonAtStart', 'Hide the reel at start'],
  ['autoRotate', 'Rotate automatically'],
  ['tinyPlanet', 'Tiny planet intro'],
  ['audioHotspots', 'Sound on hotspots'],
  ['lockHorizontalFov', 'Lock the horizontal field of view'],
  ['toggleHotspots', 'Let visitors hide hotspots'],
];

/** The new password is not part of the tour: it travels with the next save only. */
export function SettingsTab({ tour, set, onPassword, settled }: TabProps & { onPassword: (password: string) => void; settled: () => Promise<boolean> }) {
  return (
    <section aria-label="Settings" className="ad-form">
      <label className="ad-field">
        <span>Description</span>
        <textarea rows={3} value={tour.description} onChange={(event) => set('description', event.target.value)} />
      </label>
      <label className="ad-field">
        <span>Privacy</span>
        <select value={tour.privacy} onChange={(event) => set('privacy', event.target.value as Tour['privacy'])}>
          <option>Public</option>
          <option>Private</option>
          <option>Password</option>
        </select>
      </label>
      {tour.privacy === 'Password' && (
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
      <AmbiencePicker tour={tour} set={set} settled={settled} />
      <HotspotStylePicker tour={tour} set={set} />
      <label className="ad-field">
        <span>Analytics id</span>
        <input value={tour.ua} onChange={(event) => set('ua', event.target.value)} />
      </label>
    </section>
  );
}
