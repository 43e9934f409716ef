import { Icon } from '../../embed/shared';

/** Celebratory banner across the top of a modal, e.g. when a new or cloned tour opens in the editor. */
export function CelebrationBanner({ title }: { title: string }) {
  return (
    <div className="ad-celebration" role="status">
      <span className="ad-celebration__confetti" aria-hidden="true" />
      <span className="ad-celebration__icon">
        <Icon name="star" />
      </span>
      <strong className="ad-celebration__title">{title}</strong>
    </div>
  );
}
