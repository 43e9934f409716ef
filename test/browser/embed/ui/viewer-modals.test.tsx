import { expect } from 'chai';
import { MESSAGES } from '../../../../api/schema/errors';
import { LeadModal } from '../../../../embed/ui/LeadModal';
import { LockedTourModal } from '../../../../embed/ui/LockModals';
import { ShareModal } from '../../../../embed/ui/ShareModal';
import { ShowingModal } from '../../../../embed/ui/ShowingModal';
import { apiTour } from '../support/fixtures';
import { render, unmountAll, until } from '../support/render';

const tour = apiTour({ title: 'Harbour Loft', leadgen: { enabled: true, message: '' } });
const noop = () => undefined;

afterEach(unmountAll);

describe('share and embed modal', () => {
  it('is 600×750, with the listing-compliant toggle off by default, adding mls=1 to the link and both embed codes', async () => {
    const host = render(<ShareModal tour={tour} canUseListingMode onClose={noop} />);
    const dialog = await until(() => host.querySelector<HTMLElement>('[role="dialog"]'), 'the dialog');
    // Its size where the viewer has room; the stylesheet keeps it inside a smaller viewer.
    expect(dialog.style.getPropertyValue('--tv-modal-width')).to.equal('600px');
    expect(dialog.style.getPropertyValue('--tv-modal-height')).to.equal('750px');
    const toggle = host.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(toggle.checked).to.equal(false);
    const codes = () => [host.querySelector<HTMLInputElement>('input[readonly]')!.value, ...[...host.querySelectorAll('textarea')].map((area) => area.value)];
    expect(codes().some((code) => code.includes('mls'))).to.equal(false);
    toggle.click();
    await until(() => codes().every((code) => code.includes('mls=1') || code.includes('mls="1"')), 'mls=1 everywhere');
    expect(codes()[0]).to.match(/\/tours\/loft\?mls=1$/);
  });

  it('has no listing toggle for others, social buttons in their brand colours, and says "text copied" on a copy', async () => {
    const host = render(<ShareModal tour={tour} canUseListingMode={false} onClose={noop} />);
    await until(() => host.querySelector('[role="dialog"]'), 'the dialog');
    expect(host.querySelector('input[type="checkbox"]')).to.equal(null);
    expect(getComputedStyle(host.querySelector('.tv-social__facebook')!).backgroundColor).to.equal('rgb(70, 91, 144)');
    expect(getComputedStyle(host.querySelector('.tv-social__twitter')!).backgroundColor).to.equal('rgb(80, 174, 237)');
    expect(host.querySelector<HTMLAnchorElement>('.tv-social__email')!.href).to.match(/^mailto:/);
    host.querySelector<HTMLButtonElement>('.tv-button')!.click();
    const notice = await until(() => host.querySelector('[role="status"]'), 'the copy notice');
    expect(notice.textContent).to.equal(MESSAGES.textCopied);
  });
});

describe('lead generation modal', () => {
  it('asks "to receive information about this" unless the owner wrote a message', async () => {
    const host = render(<LeadModal tour={tour} onClose={noop} onSubmitted={noop} />);
    await until(() => host.querySelector('form'), 'the form');
    expect(host.textContent).to.include('to receive information about this');
    const custom = render(<LeadModal tour={{ ...tour, leadgen: { enabled: true, message: 'Ask about the loft' } }} onClose={noop} onSubmitted={noop} />);
    await until(() => custom.querySelector('form'), 'the custom form');
    expect(custom.textContent).to.include('Ask about the loft');
    expect([...host.querySelectorAll('label span')].map((span) => span.textContent)).to.deep.equal(['Name', 'Email']);
  });
});

describe('request a showing modal', () => {
  it('shows the specified text and the form with its limits, the lobby name filled in', async () => {
    const host = render(<ShowingModal tour={tour} initialName="Ada" onClose={noop} onSent={noop} />);
    const form = await until(() => host.querySelector('form'), 'the form');
    expect(form.textContent).to.include('Enter your details below and someone will contact you for a live showing shortly!');
    const limits = [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].map((field) => [
      field.autocomplete || field.tagName.toLowerCase(),
      field.maxLength,
      field.required,
    ]);
    expect(limits).to.deep.equal([
      ['name', 100, true],
      ['email', 100, true],
      ['tel', 20, false],
      ['input', -1, false],
      ['input', -1, false],
      ['textarea', 1000, false],
    ]);
    expect(form.querySelector('input')!.value).to.equal('Ada');
    // The preferred day and time are optional; a time waits for its day.
    expect(form.querySelector<HTMLInputElement>('input[type="date"]')!.required).to.equal(false);
    expect(form.querySelector<HTMLInputElement>('input[type="time"]')!.disabled).to.equal(true);
  });
});

describe('locked-tour modal', () => {
  it('has no close icon and alerts "invalid e-mail" for an invalid address without asking the server', async () => {
    const alerts: string[] = [];
    const realAlert = window.alert;
    window.alert = (message?: unknown) => void alerts.push(String(message)); // a modal browser dialog would block the test
    try {
      const host = render(<LockedTourModal tour={tour} onUnlocked={noop} />);
      const field = await until(() => host.querySelector('input'), 'the field');
      expect(host.querySelector('[aria-label="Close"]')).to.equal(null);
      field.value = 'not-an-address';
      host.querySelector('form')!.requestSubmit();
      await until(() => alerts.length > 0, 'the alert');
      expect(alerts).to.deep.equal(['invalid e-mail']);
    } finally {
      window.alert = realAlert;
    }
  });
});
