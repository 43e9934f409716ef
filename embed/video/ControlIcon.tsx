/**
 * Icons of the chat (microphone, mute, video off, share, pause, retweet, the host's crown), drawn in the text colour
 * as SVG, so they show on devices without an emoji font.
 */
const PATHS = {
  microphone: 'M12 2a3 3 0 0 0-3 3v7a3 3 0 0 0 6 0V5a3 3 0 0 0-3-3ZM19 10v2a7 7 0 0 1-14 0v-2M12 19v3',
  mute: 'M2 2l20 20M9 9v3a3 3 0 0 0 5.1 2.1M15 9.3V5a3 3 0 0 0-5.9-.6M17 17a7 7 0 0 1-12-5v-2m14 0v2a7 7 0 0 1-.1 1.2M12 19v3',
  video: 'M23 7l-7 5 7 5V7ZM1 5h15v14H1z',
  'video-off': 'M2 2l20 20M16 16v3H1V5h3m4 0h8v7l7-5v10',
  share: 'M4 12v8h16v-8M16 6l-4-4-4 4M12 2v13',
  pause: 'M6 4h4v16H6zM14 4h4v16h-4z',
  retweet: 'M17 1l4 4-4 4M3 11V9a4 4 0 0 1 4-4h14M7 23l-4-4 4-4M21 13v2a4 4 0 0 1-4 4H3',
  leave: 'M10 4H5v16h5M15 8l4 4-4 4M19 12H9',
  crown: 'M3 18h18M4 16 3 7l5 4 4-7 4 7 5-4-1 9H4Z',
} as const;

/**
 * Beside a control's own text the icon is decoration; alone (the host's crown, a muted marker) it is named by
 * `label`.
 */
export function ControlIcon({ name, label }: { name: keyof typeof PATHS; label?: string }) {
  return (
    <svg
      className="vc-icon"
      viewBox="0 0 24 24"
      width="16"
      height="16"
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
