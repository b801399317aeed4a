import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storageKeys.ts';
import { samePerson, type Person } from '../../lib/person.ts';
import type { Share, ShareInbox } from '../../share/shareInbox.ts';
import { renderApp, TEST_USER } from '../../test/renderApp.tsx';
import { sharedAt } from '../../features/share/index.ts';

/** renderApp's signed-in person (TEST_USER). */
const taylor: Person = { subject: '1', organization: 'http://idp.test/oidc', name: 'Taylor Technician' };
const vic: Person = { subject: '2', organization: 'http://idp.test/oidc', name: 'Vic Viewer' };

const photo = (name: string) => new File(['jpeg bytes'], name, { type: 'image/jpeg' });

/** The inbox's contract, in memory. */
function memoryInbox(initial: Share[]): ShareInbox & { shares: Share[] } {
  const inbox = {
    shares: [...initial],
    add: async () => ({ refused: 'too-many' as const }),
    list: async () => [...inbox.shares],
    claim: async (id: string, person: Person) => {
      inbox.shares = inbox.shares.map((s) => (s.id === id && s.owner === null ? { ...s, owner: person } : s));
    },
    take: async (ids: readonly string[]) => {
      const taken = inbox.shares.filter((s) => ids.includes(s.id));
      inbox.shares = inbox.shares.filter((s) => !ids.includes(s.id));
      return taken.flatMap((s) => s.files);
    },
    discard: async (ids: readonly string[]) => {
      inbox.shares = inbox.shares.filter((s) => !ids.includes(s.id));
    },
    discardOwnedBy: async (person: Person) => {
      inbox.shares = inbox.shares.filter((s) => !samePerson(s.owner, person));
    },
  };
  return inbox;
}

const ARRIVED = Date.now() - 60_000;

const share = (id: string, owner: Person | null, ...files: File[]): Share => ({
  id,
  files,
  receivedAt: ARRIVED,
  owner,
});

beforeEach(() => {
  localStorage.clear();
  // jsdom has no object URLs; the thumbnails only need one to exist.
  URL.createObjectURL = vi.fn(() => 'blob:thumbnail');
  URL.revokeObjectURL = vi.fn();
});

describe('the share page', () => {
  it("offers this person's recent records, never the previous person's", async () => {
    // What an earlier version kept for the whole device, and another person's own list.
    localStorage.setItem('floor-recent-records', JSON.stringify(['/runs/1']));
    localStorage.setItem(
      `${STORAGE_KEYS.recentRecords.name}2`,
      JSON.stringify([{ kind: 'run', id: 5, title: 'Vic’s run', at: 2 }]),
    );
    localStorage.setItem(
      `${STORAGE_KEYS.recentRecords.name}${TEST_USER.id}`,
      JSON.stringify([{ kind: 'part', id: 3, title: 'Bracket', at: 1 }]),
    );
    await renderApp({ path: '/share', shareInbox: memoryInbox([share('s1', taylor, photo('p.jpg'))]) });

    const recent = await screen.findByRole('region', { name: 'Your recent records' });
    expect(within(recent).getByRole('link', { name: /^Part 3: Bracket/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Run 1/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Run 5/ })).toBeNull();
  });

  it('shows what was shared as stored: thumbnails, arrival time, names with hidden characters revealed', async () => {
    await renderApp({
      path: '/share',
      shareInbox: memoryInbox([share('s1', taylor, photo('inv\u202Egpj.exe'), new File(['%PDF'], 'a.pdf'))]),
    });
    const shared = await screen.findByRole('region', { name: 'Shared files' });
    expect(within(shared).getByText('inv[U+202E]gpj.exe')).toBeInTheDocument();
    expect(shared).toHaveTextContent(`Shared at ${sharedAt(ARRIVED)}`);
    expect(within(shared).getAllByTestId('shared-thumbnail')).toHaveLength(1);
    expect(shared).toHaveTextContent('Attach these only if you shared them.');
  });

  it("never shows another person's shares", async () => {
    await renderApp({ path: '/share', shareInbox: memoryInbox([share('s1', vic, photo('vics.jpg'))]) });
    expect(await screen.findByText(/Nothing shared is waiting/)).toBeInTheDocument();
    expect(screen.queryByText('vics.jpg')).toBeNull();
  });

  it('asks about a share that landed while nobody was signed in, and binds it only when told', async () => {
    const inbox = memoryInbox([share('s1', null, photo('whose.jpg'))]);
    const { user } = await renderApp({ path: '/share', shareInbox: inbox });
    const ask = await screen.findByRole('region', { name: /while nobody was signed in$/ });
    expect(ask).toHaveTextContent('whose.jpg');
    expect(screen.queryByRole('region', { name: 'Shared files' })).toBeNull();

    await user.click(within(ask).getByRole('button', { name: 'Yes, I shared these' }));
    await waitFor(() => expect(inbox.shares[0]?.owner).toEqual(taylor));
    expect(await screen.findByRole('region', { name: 'Shared files' })).toHaveTextContent('whose.jpg');
  });

  it('says why a share from another website was refused', async () => {
    await renderApp({ path: '/share?problem=cross-site', shareInbox: memoryInbox([]) });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Files sent here by another website were refused.',
    );
  });
});
