/**
 * Interface icons of the owners' app and the viewer's chat: 24×24 outlines drawn in the text colour as SVG, so they
 * show on devices without an emoji font.
 */
const PATHS = {
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0',
  'sign-out': 'M10 4H5v16h5M15 8l4 4-4 4M19 12H9',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9Z',
  edit: 'M11 4H4v16h16v-7M18.5 2.5a2.1 2.1 0 0 1 3 3L12 15l-4 1 1-4Z',
  delete: 'M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6',
  chart: 'M3 3v18h18M7 15l4-4 3 3 5-6',
  view: 'M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12ZM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  retweet: 'M17 1l4 4-4 4M3 11V9a4 4 0 0 1 4-4h14M7 23l-4-4 4-4M21 13v2a4 4 0 0 1-4 4H3',
  microphone: 'M12 2a3 3 0 0 0-3 3v7a3 3 0 0 0 6 0V5a3 3 0 0 0-3-3ZM19 10v2a7 7 0 0 1-14 0v-2M12 19v3',
  mute: 'M2 2l20 20M9 9v3a3 3 0 0 0 5.1 2.1M15 9.3V5a3 3 0 0 0-5.9-.6M17 17a7 7 0 0 1-12-5v-2m14 0v2a7 7 0 0 1-.1 1.2M12 19v3',
  video: 'M23 7l-7 5 7 5V7ZM1 5h15v14H1z',
  'video-off': 'M2 2l20 20M16 16v3H1V5h3m4 0h8v7l7-5v10',
  share: 'M4 12v8h16v-8M16 6l-4-4-4 4M12 2v13',
  pause: 'M6 4h4v16H6zM14 4h4v16h-4z',
  crown: 'M3 18h18M4 16 3 7l5 4 4-7 4 7 5-4-1 9H4Z',
} as const;

export type IconName = keyof typeof PATHS;

/** The owners' app draws its icons at this size; the chat's controls, smaller. */
const DEFAULT_SIZE_PX = 18;

/**
 * Beside a control's own text the icon is decoration; alone (the host's crown, a muted marker) it is named by
 * `label`.
 */
export function Icon({ name, label, size = DEFAULT_SIZE_PX }: { name: IconName; label?: string; size?: number }) {
  return (
    <svg
      className="tv-icon"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
