import { Modal } from '../../components/Modal';

interface Testimonial {
  quote: string;
  name: string;
  company: string;
  /** Initials on a coloured round until customers send photos. */
  avatar: { initials: string; colour: string };
}

/**
 * A photographer, a real-estate agent and a property group. Sample words written for this page:
 * swap in real customers' quotes (with their consent) before launch.
 */
export const TESTIMONIALS: Testimonial[] = [
  {
    quote: 'I deliver a linked, branded tour the same afternoon I shoot. My clients stopped asking for photo albums.',
    name: 'Maya Lindqvist',
    company: 'Lindqvist Spaces Photography',
    avatar: { initials: 'ML', colour: '#1ca59b' },
  },
  {
    quote: 'Buyers walk the whole house before the first showing, and the live video chat lets me guide them from anywhere.',
    name: 'Daniel Okafor',
    company: 'Harbor & Hill Realty',
    avatar: { initials: 'DO', colour: '#20b2aa' },
  },
  {
    quote: 'Forty rental units share one library of logos and hotspots. Our leasing team books far fewer wasted viewings.',
    name: 'Priya Raman',
    company: 'Northgate Property Group',
    avatar: { initials: 'PR', colour: '#00c4cc' },
  },
];

/** Sign-up content beside the customers' testimonials, which hide at mobile widths with the modal's side panel. */
export function TestimonialsModal({ onSignUp, onClose }: { onSignUp: () => void; onClose: () => void }) {
  const side = (
    <ul className="ad-testimonials" aria-label="What our customers say">
      {TESTIMONIALS.map(({ quote, name, company, avatar }) => (
        <li key={name} className="ad-testimonial">
          <blockquote>{quote}</blockquote>
          <div className="ad-testimonial__who">
            <span className="ad-testimonial__avatar" style={{ background: avatar.colour }} aria-hidden="true">
              {avatar.initials}
            </span>
            <span>
              <strong>{name}</strong>
              <br />
              {company}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
  return (
    <Modal title="Tours your buyers can walk through" rounds side={side} onClose={onClose}>
      <p>Photographers, agents and property groups use it to turn a set of 360° photos into a tour in minutes.</p>
      <ul className="ad-pitch">
        <li>Upload panoramas, link the rooms with a click, add a floor plan.</li>
        <li>Share a link or embed the tour on any listing page with one line.</li>
        <li>Meet visitors inside the tour with live guided video.</li>
      </ul>
      <button type="button" className="ad-button" autoFocus onClick={onSignUp}>
        Create your free account
      </button>
    </Modal>
  );
}
