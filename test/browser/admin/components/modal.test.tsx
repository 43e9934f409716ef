import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { expect } from 'chai';
import { celebrate } from '../../../../admin/features/celebration/celebration';
import { CelebrationModal } from '../../../../admin/features/celebration/CelebrationModal';
import { ConfirmModal } from '../../../../admin/components/ConfirmModal';
import { Modal } from '../../../../admin/components/Modal';
import { mount, waitFor } from '../mount';

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const button = (label: string) =>
  [...document.querySelectorAll('button')].find((candidate) => candidate.textContent === label || candidate.getAttribute('aria-label') === label);

describe('Modal (generic modal and its constants)', () => {
  let unmount: () => void = () => undefined;
  beforeEach(() => setViewport({ width: 1280, height: 800 }));
  afterEach(() => unmount());

  it('is a 900×600 aria-modal dialog at z-index 1300 over a 0.7 backdrop at 1200, with a 500 ms transition', async () => {
    ({ unmount } = mount(<Modal title="Upload">Body</Modal>));
    await waitFor(() => dialog() !== null, 'the dialog');
    // offset sizes: the opening transition scales the box for a moment.
    expect([dialog()!.offsetWidth, dialog()!.offsetHeight]).to.deep.equal([900, 600]);
    expect(dialog()!.getAttribute('aria-modal')).to.equal('true');
    expect(dialog()!.getAttribute('aria-label')).to.equal('Upload');
    const backdrop = getComputedStyle(dialog()!.parentElement!);
    expect(backdrop.backgroundColor).to.equal('rgba(0, 0, 0, 0.7)');
    expect(backdrop.zIndex).to.equal('1200');
    expect(backdrop.animationDuration).to.equal('0.5s');
    expect(getComputedStyle(dialog()!).zIndex).to.equal('1300');
    expect(getComputedStyle(dialog()!).animationDuration).to.equal('0.5s');
  });

  it('takes another size from its props', async () => {
    ({ unmount } = mount(
      <Modal title="Small" width={400} height={300}>
        Body
      </Modal>,
    ));
    await waitFor(() => dialog() !== null, 'the dialog');
    expect([dialog()!.offsetWidth, dialog()!.offsetHeight]).to.deep.equal([400, 300]);
  });

  it('closes on Escape, the close icon or a backdrop click after its transition, but not on a click inside', async () => {
    let closed = 0;
    ({ unmount } = mount(
      <Modal title="Dismissible" onClose={() => closed++}>
        <input aria-label="Name" />
      </Modal>,
    ));
    await waitFor(() => dialog() !== null, 'the dialog');
    const inside = dialog()!.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(inside.left + 50), Math.round(inside.top + 100)] });
    expect(dialog()!.parentElement!.classList.contains('ad-backdrop--closing')).to.equal(false);
    await sendKeys({ press: 'Escape' });
    expect(dialog()!.parentElement!.classList.contains('ad-backdrop--closing')).to.equal(true);
    await waitFor(() => closed === 1, 'onClose after Escape');
    unmount();

    ({ unmount } = mount(
      <Modal title="Dismissible" onClose={() => closed++}>
        Body
      </Modal>,
    ));
    await waitFor(() => dialog() !== null, 'the dialog');
    await sendMouse({ type: 'click', position: [5, 5] });
    await waitFor(() => closed === 2, 'onClose after a backdrop click');
    unmount();

    ({ unmount } = mount(
      <Modal title="Dismissible" onClose={() => closed++}>
        Body
      </Modal>,
    ));
    await waitFor(() => dialog() !== null, 'the dialog');
    button('Close')!.click();
    await waitFor(() => closed === 3, 'onClose after the close icon');
  });

  it('cannot be dismissed without onClose: no close icon, Escape and the backdrop do nothing', async () => {
    ({ unmount } = mount(<Modal title="Required">Body</Modal>));
    await waitFor(() => dialog() !== null, 'the dialog');
    expect(button('Close')).to.equal(undefined);
    await sendKeys({ press: 'Escape' });
    await sendMouse({ type: 'click', position: [5, 5] });
    expect(dialog()!.parentElement!.classList.contains('ad-backdrop--closing')).to.equal(false);
  });

  it('keeps keyboard focus inside and gives it back to the opener when it closes', async () => {
    const opener = Object.assign(document.createElement('button'), { textContent: 'Open' });
    document.body.prepend(opener);
    opener.focus();
    ({ unmount } = mount(
      <Modal title="Form" onClose={() => undefined}>
        <input aria-label="First" />
        <button type="button">Last</button>
      </Modal>,
    ));
    await waitFor(() => document.activeElement === dialog(), 'focus on the dialog');
    const order: string[] = [];
    for (let i = 0; i < 4; i++) {
      await sendKeys({ press: 'Tab' });
      order.push(document.activeElement!.getAttribute('aria-label') ?? document.activeElement!.textContent!);
    }
    expect(order).to.deep.equal(['Close', 'First', 'Last', 'Close']);
    await sendKeys({ press: 'Shift+Tab' });
    expect(document.activeElement!.textContent).to.equal('Last');
    unmount();
    unmount = () => undefined;
    expect(document.activeElement).to.equal(opener);
    opener.remove();
  });

  it('shows a celebratory banner with its title, decorative rounds and a 300 px side panel', async () => {
    ({ unmount } = mount(
      <Modal title="Welcome" celebration="Your tour was cloned" rounds side={<p>Side</p>}>
        Body
      </Modal>,
    ));
    await waitFor(() => dialog() !== null, 'the dialog');
    expect(dialog()!.querySelector('[role="status"]')!.textContent).to.contain('Your tour was cloned');
    expect(dialog()!.querySelector('.ad-modal__rounds')).to.not.equal(null);
    expect(dialog()!.querySelector<HTMLElement>('aside')!.offsetWidth).to.equal(300);
  });
});

describe('ConfirmModal', () => {
  let unmount: () => void = () => undefined;
  afterEach(() => unmount());

  it('asks with an image, Yes focused first and Cancel, and Escape cancels', async () => {
    const answers: string[] = [];
    ({ unmount } = mount(
      <ConfirmModal
        text="Delete this tour?"
        image="data:image/gif;base64,R0lGODlhAQABAAAAACw="
        onAgree={() => answers.push('yes')}
        onCancel={() => answers.push('cancel')}
      />,
    ));
    await waitFor(() => dialog() !== null, 'the dialog');
    expect(dialog()!.getAttribute('aria-label')).to.equal('Delete this tour?');
    expect(dialog()!.querySelector('img')).to.not.equal(null);
    expect(document.activeElement!.textContent).to.equal('Yes');
    button('Yes')!.click();
    button('Cancel')!.click();
    expect(answers).to.deep.equal(['yes', 'cancel']);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => answers.length === 3, 'cancel on Escape');
    expect(answers[2]).to.equal('cancel');
  });
});

describe('the celebration after a clone', () => {
  it('shows over the next page with its banner until the owner starts editing', async () => {
    const { unmount } = mount(<CelebrationModal />);
    celebrate('Your tour was cloned', 'This copy is yours to change.');
    await waitFor(() => dialog() !== null, 'the celebration');
    expect(dialog()!.querySelector('.ad-celebration')!.textContent).to.contain('Your tour was cloned');
    button('Start editing')!.click();
    await waitFor(() => dialog() === null, 'the celebration to close');
    unmount();
  });
});
