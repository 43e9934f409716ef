import { sendKeys, setViewport } from '@web/test-runner-commands';
import { expect } from 'chai';
import { toast } from 'react-toastify/unstyled';
import { Toasts } from '../../../../admin/components/Toasts';
import { mount, waitFor } from '../mount';

const shown = (type: string) => document.querySelector<HTMLElement>(`.Toastify__toast--${type}`);

describe('toasts', () => {
  let unmount: () => void = () => undefined;
  afterEach(() => {
    toast.dismiss();
    unmount();
  });

  it('sit at top centre, 320 px wide, close after 3000 ms, in teal for success and cyan for info', async () => {
    await setViewport({ width: 1280, height: 800 });
    ({ unmount } = mount(<Toasts />));
    toast.success('Saved');
    toast.info('Heads up');
    await waitFor(() => shown('success') !== null && shown('info') !== null, 'both toasts');
    const container = document.querySelector<HTMLElement>('.Toastify__toast-container')!;
    expect(container.classList.contains('Toastify__toast-container--top-center')).to.equal(true);
    const box = container.getBoundingClientRect();
    expect(Math.abs(box.left + box.width / 2 - 640)).to.be.below(1);
    expect(box.top).to.be.below(40);
    expect(shown('success')!.offsetWidth).to.equal(320);
    expect(shown('success')!.querySelector<HTMLElement>('[role="progressbar"]')!.style.animationDuration).to.equal('3000ms');
    expect(getComputedStyle(shown('success')!.querySelector('svg')!).fill).to.equal('rgb(28, 165, 155)');
    expect(getComputedStyle(shown('info')!.querySelector('svg')!).fill).to.equal('rgb(0, 196, 204)');
  });

  it('take the whole width at a mobile width', async () => {
    await setViewport({ width: 375, height: 700 });
    ({ unmount } = mount(<Toasts />));
    toast.success('Saved');
    await waitFor(() => shown('success') !== null, 'the toast');
    expect(document.querySelector<HTMLElement>('.Toastify__toast-container')!.offsetWidth).to.equal(375);
  });
});

describe('tooltips', () => {
  it('show to the left or right of an icon button in 80 ms when it has keyboard focus', async () => {
    const { host, unmount } = mount(
      <p style={{ padding: 100 }}>
        <button type="button" className="ad-tooltip ad-tooltip--left" data-tooltip="Close" aria-label="Close">
          ×
        </button>
        <button type="button" className="ad-tooltip ad-tooltip--right" data-tooltip="Dashboard" aria-label="Dashboard">
          ⌂
        </button>
      </p>,
    );
    await waitFor(() => host.querySelectorAll('button').length === 2, 'the buttons');
    const [left, right] = [...host.querySelectorAll('button')];
    const tip = (button: HTMLElement) => getComputedStyle(button, '::after');
    expect([tip(left).content, tip(left).transitionDuration, tip(left).opacity]).to.deep.equal(['"Close"', '0.08s', '0']);
    expect(tip(right).content).to.equal('"Dashboard"');
    expect(parseFloat(tip(left).right)).to.be.above(left.offsetWidth);
    expect(parseFloat(tip(right).left)).to.be.above(right.offsetWidth);
    left.focus();
    await sendKeys({ press: 'Tab' });
    await waitFor(() => tip(right).opacity === '1', 'the tooltip of the focused button');
    unmount();
  });
});
