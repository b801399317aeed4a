import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../test/memoryStorage.ts';
import { createSignOutSignal, type SignOutSignal } from './signOutSignal.ts';

/** One device: a localStorage and a BroadcastChannel shared by its tabs, each tab with its own sessionStorage. */
function device({ channel = true } = {}) {
  const localStorage = memoryStorage();
  const tabs: { events: EventTarget; document: EventTarget; channel: EventTarget | null }[] = [];
  let counter = 0;

  function openTab(): { signal: SignOutSignal; events: EventTarget; document: EventTarget } {
    const events = new EventTarget();
    const document = new EventTarget();
    const ownChannel = channel ? new EventTarget() : null;
    const self = { events, document, channel: ownChannel };
    tabs.push(self);
    // Writes reach the other tabs as `storage` events, messages reach their channels; never the sender.
    const storage: Storage = {
      ...localStorage,
      get length() {
        return localStorage.length;
      },
      getItem: (key) => localStorage.getItem(key),
      setItem(key, value) {
        localStorage.setItem(key, value);
        for (const tab of tabs) {
          if (tab === self) continue;
          const event = new Event('storage');
          Object.assign(event, { key });
          tab.events.dispatchEvent(event);
        }
      },
    };
    const signal = createSignOutSignal({
      localStorage: storage,
      sessionStorage: memoryStorage(),
      events,
      document,
      channel: ownChannel && {
        addEventListener: (type: string, listener: EventListener) =>
          ownChannel.addEventListener(type, listener),
        postMessage(data: unknown) {
          for (const tab of tabs) {
            if (tab !== self) tab.channel?.dispatchEvent(new MessageEvent('message', { data }));
          }
        },
      },
      random: () => String((counter += 1)),
    } as Parameters<typeof createSignOutSignal>[0]);
    return { signal, events, document };
  }

  return { localStorage, openTab };
}

describe('the sign-out signal between tabs', () => {
  it('tells every other tab once (by channel and storage event alike), never the tab that signed out', () => {
    const { openTab } = device();
    const [a, b, c] = [openTab(), openTab(), openTab()];
    for (const tab of [a, b, c]) tab.signal.signedInNow();
    const heard = { a: vi.fn(), b: vi.fn(), c: vi.fn() };
    a.signal.subscribe(heard.a);
    b.signal.subscribe(heard.b);
    c.signal.subscribe(heard.c);

    a.signal.announce();

    expect(heard.a).not.toHaveBeenCalled();
    expect(heard.b).toHaveBeenCalledTimes(1);
    expect(heard.c).toHaveBeenCalledTimes(1);
    expect(b.signal.isStale()).toBe(true);
  });

  it('still tells them by the storage event where there is no BroadcastChannel', () => {
    const { openTab } = device({ channel: false });
    const [a, b] = [openTab(), openTab()];
    const heard = vi.fn();
    b.signal.subscribe(heard);
    a.signal.announce();
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('makes a user stored before a sign-out on the device stale, and one signed in afterwards not', () => {
    const { openTab } = device();
    const a = openTab();
    a.signal.signedInNow();
    expect(a.signal.isStale()).toBe(false);
    openTab().signal.announce();
    expect(a.signal.isStale()).toBe(true);
    a.signal.signedInNow();
    expect(a.signal.isStale()).toBe(false);
  });

  it('counts a user stored before tabs recorded their generation as stale once anyone signed out', () => {
    const { openTab } = device();
    const old = openTab();
    expect(old.signal.isStale()).toBe(false);
    openTab().signal.announce();
    expect(old.signal.isStale()).toBe(true);
  });

  it('catches a sign-out missed while the page slept (back-forward cache, frozen tab)', () => {
    const { localStorage, openTab } = device({ channel: false });
    const b = openTab();
    const heard = vi.fn();
    b.signal.subscribe(heard);
    // Written while b heard nothing.
    localStorage.setItem('floor-attach:sign-out-generation', 'later.1');
    b.events.dispatchEvent(new Event('pageshow'));
    b.document.dispatchEvent(new Event('visibilitychange'));
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('does not end a tab whose user signed in after that sign-out', () => {
    const { localStorage, openTab } = device({ channel: false });
    const b = openTab();
    localStorage.setItem('floor-attach:sign-out-generation', 'later.1');
    b.signal.signedInNow();
    const heard = vi.fn();
    b.signal.subscribe(heard);
    b.events.dispatchEvent(new Event('pageshow'));
    expect(heard).not.toHaveBeenCalled();
  });
});
