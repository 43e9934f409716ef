import { expect } from 'chai';
import { NOTICE_HIDE_MS, RoomNotices, useRoomNotices, type HideSchedule } from '../../../../embed/video/RoomNotices';
import type { RoomNotice } from '../../../../embed/video/room-store';
import { brokenPictureSettled, hostile, scriptRan } from '../../../support/script-payloads';
import { render, unmountAll, until } from '../support/render';

/** A clock the test turns by hand: each notice's hide waits here until the test runs it. */
function manualClock() {
  const waiting: Array<{ hide: () => void; ms: number; cancelled: boolean }> = [];
  const schedule: HideSchedule = (hide, ms) => {
    const entry = { hide, ms, cancelled: false };
    waiting.push(entry);
    return () => (entry.cancelled = true);
  };
  return { schedule, waiting };
}

/** The notices as the room shows them, with `notify` handed out to the test. */
function renderNotices(schedule: HideSchedule) {
  const handle: { notify?: (notice: RoomNotice) => void } = {};
  function Room() {
    const [notices, notify] = useRoomNotices(schedule);
    handle.notify = notify;
    return <RoomNotices notices={notices} />;
  }
  const host = render(<Room />);
  return { host, handle };
}

const texts = (host: HTMLElement) => [...host.querySelectorAll('.vc-notice')].map((notice) => notice.textContent);

afterEach(unmountAll);

describe('room notices (texts, hidden after 3 s)', () => {
  it('shows each notice in a polite status region and hides each one NOTICE_HIDE_MS after it came', async () => {
    const clock = manualClock();
    const { host, handle } = renderNotices(clock.schedule);
    const region = await until(() => host.querySelector('.vc-notices'), 'the notice region');
    expect(region.getAttribute('role')).to.equal('status');
    expect(region.getAttribute('aria-live')).to.equal('polite');

    handle.notify!({ key: 'noticeJoined', name: 'Bob' });
    handle.notify!({ key: 'noticeOtherShares', name: 'Bob' });
    await until(() => texts(host).length === 2, 'both notices');
    expect(texts(host)).to.deep.equal(['Bob has joined the conversation.', 'Bob is now sharing their screen.']);
    expect(clock.waiting.map((entry) => entry.ms)).to.deep.equal([NOTICE_HIDE_MS, NOTICE_HIDE_MS]);
    expect(NOTICE_HIDE_MS).to.equal(3000);

    // The first one's time is up; the second stays until its own is.
    clock.waiting[0].hide();
    await until(() => texts(host).length === 1, 'the first notice hidden');
    expect(texts(host)).to.deep.equal(['Bob is now sharing their screen.']);
    clock.waiting[1].hide();
    await until(() => texts(host).length === 0, 'the second notice hidden');
    expect(host.querySelectorAll('.vc-notices').length, 'the region stays for the next notice').to.equal(1);
  });

  it('calls off the hides still waiting when the room goes away', async () => {
    const clock = manualClock();
    const { host, handle } = renderNotices(clock.schedule);
    await until(() => host.querySelector('.vc-notices'), 'the notice region');
    handle.notify!({ key: 'noticeStoppedFollowing' });
    await until(() => texts(host).length === 1, 'the notice');
    unmountAll();
    expect(clock.waiting.map((entry) => entry.cancelled)).to.deep.equal([true]);
  });

  it('shows a notice naming someone as text, whatever they typed as their name', async () => {
    const { host, handle } = renderNotices(manualClock().schedule);
    await until(() => host.querySelector('.vc-notices'), 'the notice region');
    handle.notify!({ key: 'noticeJoined', name: hostile('name') });
    await until(() => texts(host).length === 1, 'the notice');
    expect(texts(host)).to.deep.equal([`${hostile('name')} has joined the conversation.`]);
    // The name is set apart in a span of its own direction, and holds nothing but its text.
    const name = host.querySelector('.vc-notice')!.children;
    expect([...name].map((element) => [element.localName, element.getAttribute('dir'), element.children.length])).to.deep.equal([['span', 'auto', 0]]);
    await brokenPictureSettled();
    expect(scriptRan()).to.equal(undefined);
  });
});
