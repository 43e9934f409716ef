import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { expect } from 'chai';
import type { User } from '../../../../api/schema/user';
import { Header } from '../../../../admin/components/Header';
import { session, setUser } from '../../../../admin/lib/session';
import { mount, waitFor } from '../mount';

const owner = (type: User['type']): User => ({
  id: 7,
  token: 'not-a-real-token',
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  picture: '',
  credits: 0,
  type,
  typeIntention: '',
  freeToursRemaining: 0,
  referralCode: '',
  meta: {},
  createdDate: '2026-01-01',
  authType: 'password',
});

const toggle = () => document.querySelector<HTMLButtonElement>('[aria-haspopup="menu"]')!;
const menu = () => document.querySelector<HTMLElement>('[role="menu"]');
const focused = () => document.activeElement!.textContent;
const byText = (text: string) => [...document.querySelectorAll<HTMLElement>('button, a')].find((element) => element.textContent === text);

describe('the header user menu', () => {
  const testPage = location.pathname + location.search;
  let unmount: () => void = () => undefined;

  async function render(type: User['type']) {
    setUser(owner(type));
    ({ unmount } = mount(<Header />));
    await waitFor(() => document.querySelector('[aria-haspopup="menu"]') !== null, 'the menu toggle');
  }

  beforeEach(() => setViewport({ width: 1280, height: 800 }));
  afterEach(() => {
    unmount();
    setUser(null);
    history.replaceState(null, '', testPage);
  });

  it('shows the owner’s picture as the avatar once they have one, else their initial', async () => {
    await render(1);
    expect(toggle().querySelector('.ad-user-menu__avatar')!.textContent).to.equal('A');
    unmount();
    setUser({ ...owner(1), picture: '/media/assets/thumb-ada.jpg' });
    ({ unmount } = mount(<Header />));
    await waitFor(() => toggle()?.querySelector('img.ad-user-menu__avatar') != null, 'the picture');
    expect(toggle().querySelector('img')!.getAttribute('src')).to.equal('/media/assets/thumb-ada.jpg');
  });

  it("shows the user's name and, for a signed-up owner, the upgrade button; for Pro Plus the paid marker instead", async () => {
    await render(1);
    expect(toggle().textContent).to.contain('Ada Lovelace');
    expect(toggle().getAttribute('aria-expanded')).to.equal('false');
    expect(byText('Upgrade to Pro Plus')).to.not.equal(undefined);
    expect(document.querySelector('.ad-paid')).to.equal(null);
    unmount();
    await render(2);
    expect(byText('Upgrade to Pro Plus')).to.equal(undefined);
    expect(document.querySelector('.ad-header .ad-paid')!.textContent).to.equal('Pro Plus');
  });

  it('opens from the keyboard, moves with the arrows, Home and End, and closes on Escape back to its toggle', async () => {
    await render(1);
    toggle().focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitFor(() => focused() === 'Dashboard', 'focus on the first item');
    expect(toggle().getAttribute('aria-expanded')).to.equal('true');
    expect(menu()!.textContent).to.contain('ada@example.test');
    const visited: string[] = [];
    for (const key of ['ArrowDown', 'ArrowDown', 'End', 'Home', 'ArrowUp']) {
      await sendKeys({ press: key });
      visited.push(focused()!);
    }
    expect(visited).to.deep.equal(['Analytics', 'Account and payments', 'Sign out', 'Dashboard', 'Sign out']);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => menu() === null, 'the menu to close');
    expect(document.activeElement).to.equal(toggle());
    await sendKeys({ press: 'Enter' });
    await waitFor(() => focused() === 'Dashboard', 'Enter to open on the first item');
  });

  it('goes to the analytics and the dashboard, and signs out from the menu', async () => {
    await render(1);
    toggle().click();
    await waitFor(() => menu() !== null, 'the menu');
    expect([...menu()!.querySelectorAll('[role="menuitem"]')].map((item) => item.querySelector('svg[aria-hidden="true"]') !== null)).to.deep.equal([
      true,
      true,
      true,
      true,
      true,
    ]);
    byText('Analytics')!.click();
    await waitFor(() => menu() === null, 'the menu to close');
    expect(location.pathname).to.equal('/analytics');
    toggle().click();
    await waitFor(() => menu() !== null, 'the menu');
    byText('Dashboard')!.click();
    await waitFor(() => menu() === null, 'the menu to close');
    expect(location.pathname).to.equal('/dashboard');
    toggle().click();
    await waitFor(() => menu() !== null, 'the menu');
    // The test page has no API: the sign-out request is recorded here and answered as the server would.
    const calls: Array<{ url: string; method: string; authorization: string | null }> = [];
    const realFetch = window.fetch;
    window.fetch = async (input, init) => {
      calls.push({ url: String(input), method: init?.method ?? 'GET', authorization: new Headers(init?.headers).get('Authorization') });
      return new Response(null, { status: 204 });
    };
    try {
      byText('Sign out')!.click();
      await waitFor(() => session.user === null, 'the user to be signed out');
    } finally {
      window.fetch = realFetch;
    }
    expect(calls).to.deep.equal([{ url: '/api/auth/logout', method: 'POST', authorization: 'JWT not-a-real-token' }]);
    expect(location.pathname).to.equal('/');
    expect(document.cookie).to.not.contain('tour_user=');
  });

  it("opens the account page, and for a Pro Plus owner the subscription in Stripe's customer portal", async () => {
    await render(1);
    toggle().click();
    await waitFor(() => menu() !== null, 'the menu');
    expect(byText('Manage subscription'), 'only for Pro Plus').to.equal(undefined);
    byText('Account and payments')!.click();
    await waitFor(() => location.pathname === '/account', 'the account page');
    unmount();
    await render(2);
    toggle().click();
    await waitFor(() => menu() !== null, 'the menu');
    // Answered as a server without Stripe would: the portal's page never opens, so the test page stays.
    const calls: string[] = [];
    const realFetch = window.fetch;
    window.fetch = async (input, init) => {
      calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return Response.json({ error: { code: 'PaymentsNotConfigured', message: 'Card payments are not set up on this server.' } }, { status: 503 });
    };
    try {
      byText('Manage subscription')!.click();
      // The owner is warned what cancelling does before Stripe's page opens; nothing is asked for until they agree.
      await waitFor(() => document.querySelector('.ad-confirm') !== null, 'the warning');
      const warning = document.querySelector<HTMLElement>('.ad-confirm')!;
      expect(warning.textContent).to.contain('lock again when the subscription ends');
      expect(calls).to.deep.equal([]);
      [...warning.querySelectorAll('button')].find((button) => button.textContent === 'Yes')!.click();
      await waitFor(() => calls.length === 1, 'the portal asked for');
    } finally {
      window.fetch = realFetch;
    }
    expect(calls).to.deep.equal(['POST /api/billing/portal']);
  });

  it('closes when the owner clicks elsewhere on the page', async () => {
    await render(1);
    toggle().click();
    await waitFor(() => menu() !== null, 'the menu');
    await sendMouse({ type: 'click', position: [600, 500] });
    await waitFor(() => menu() === null, 'the menu to close');
  });

  it('shows only the initial in the toggle at a mobile width, the button still named', async () => {
    await setViewport({ width: 375, height: 700 });
    await render(1);
    const name = toggle().querySelector<HTMLElement>('.ad-user-menu__name')!;
    expect(name.getBoundingClientRect().width, 'the name out of sight').to.be.at.most(1);
    expect(toggle().querySelector('.ad-user-menu__avatar')!.textContent).to.equal('A');
    // The avatar is hidden from assistive technology, so the button is named by the name alone.
    expect(toggle().querySelector('.ad-user-menu__avatar')!.getAttribute('aria-hidden')).to.equal('true');
    expect(name.textContent).to.equal('Ada Lovelace');
    // Named by its content, so the name shown on wide screens and the name read out are the same text.
    expect(getComputedStyle(name).display, 'the name still read out').to.not.equal('none');
    expect(toggle().hasAttribute('aria-label')).to.equal(false);
  });
});
