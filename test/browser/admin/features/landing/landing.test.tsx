import { setViewport } from '@web/test-runner-commands';
import { expect } from 'chai';
import { Landing } from '../../../../../admin/features/landing/Landing';
import { mount, waitFor } from '../../mount';

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const button = (label: string) => [...document.querySelectorAll('button')].find((candidate) => candidate.textContent === label);
const testimonials = () => [...document.querySelectorAll<HTMLElement>('.ad-testimonial')];

async function openTestimonials() {
  button('What our customers say')!.click();
  await waitFor(() => dialog() !== null, 'the testimonials modal');
}

describe('Landing: the testimonials modal', () => {
  let unmount: () => void = () => undefined;
  beforeEach(() => ({ unmount } = mount(<Landing />)));
  afterEach(() => unmount());

  it('shows three testimonials with quote, name, company and avatar beside the sign-up pitch on a wide screen', async () => {
    await setViewport({ width: 1280, height: 800 });
    await openTestimonials();
    expect(testimonials()).to.have.length(3);
    for (const testimonial of testimonials()) {
      expect(testimonial.checkVisibility()).to.equal(true);
      expect(testimonial.querySelector('blockquote')!.textContent).to.have.length.above(20);
      expect(testimonial.querySelector('strong')!.textContent).to.match(/\w+ \w+/);
      expect(testimonial.querySelector('.ad-testimonial__avatar')!.textContent).to.match(/^[A-Z]{2}$/);
    }
    expect(testimonials().map((testimonial) => testimonial.textContent)).to.satisfy((texts: string[]) =>
      ['Photography', 'Realty', 'Property Group'].every((kind, i) => texts[i].includes(kind)),
    );
    expect(button('Create your free account')!.checkVisibility()).to.equal(true);
    // Close sits over the panel's corner, clear of the first quote.
    const close = dialog()!.querySelector('[aria-label="Close"]')!.getBoundingClientRect();
    const quote = testimonials()[0].querySelector('blockquote')!.getBoundingClientRect();
    expect(close.bottom <= quote.top || close.right <= quote.left, 'Close clear of the quote').to.equal(true);
  });

  it('hides the testimonials at a mobile width but keeps the sign-up content', async () => {
    await setViewport({ width: 375, height: 700 });
    await openTestimonials();
    expect(testimonials()).to.have.length(3);
    expect(testimonials().some((testimonial) => testimonial.checkVisibility())).to.equal(false);
    expect(button('Create your free account')!.checkVisibility()).to.equal(true);
    expect(dialog()!.offsetWidth).to.equal(375);
  });

  it('leads from the modal to the sign-up form with the name field focused', async () => {
    await setViewport({ width: 1280, height: 800 });
    button('I have an account: sign in')!.click();
    await waitFor(() => document.querySelector('form[aria-label="Sign in"]') !== null, 'the sign-in form');
    await openTestimonials();
    button('Create your free account')!.click();
    await waitFor(() => dialog() === null, 'the modal to close');
    await waitFor(() => document.activeElement?.getAttribute('autocomplete') === 'name', 'focus on the name field');
    expect(document.querySelector('form')!.getAttribute('aria-label')).to.equal('Sign up');
  });
});
