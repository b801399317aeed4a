import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAuthSession } from '../../auth/AuthContext.tsx';
import { samePerson } from '../../lib/person.ts';
import type { Share } from '../../share/shareInbox.ts';
import { useShareInbox } from '../../share/shareInboxContext.tsx';

/** What the signed-in person sees of the inbox: never another person's shares. */
export interface VisibleShares {
  /** Shared by this person: offered on every record page until attached or discarded. */
  mine: Share[];
  /** Shared while nobody was signed in: this person is asked whether they are theirs. */
  unclaimed: Share[];
}

const NOTHING: VisibleShares = { mine: [], unclaimed: [] };

/** The shares waiting for the signed-in person, and what they can do with them. */
export function useShares(): {
  /** null while the inbox is read. */
  shares: VisibleShares | null;
  failure: string | null;
  claim: (id: string) => Promise<void>;
  take: (ids: readonly string[]) => Promise<File[]>;
  discard: (ids: readonly string[]) => Promise<void>;
} {
  const intl = useIntl();
  const inbox = useShareInbox();
  const session = useAuthSession();
  const [shares, setShares] = useState<VisibleShares | null>(inbox ? null : NOTHING);
  // Whether the inbox could not be read or changed; said in the language shown now.
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!inbox) return;
    let current = true;
    const person = session.getPerson();
    inbox
      .list()
      .then((all) => {
        if (!current) return;
        setShares({
          mine: all.filter((share) => samePerson(share.owner, person)),
          unclaimed: person ? all.filter((share) => share.owner === null) : [],
        });
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [inbox, session, version]);

  /** Runs an inbox change, then reads the inbox again; a failure is said, never thrown at the page. */
  const change = useCallback(async <T>(action: () => Promise<T>, otherwise: T): Promise<T> => {
    try {
      return await action();
    } catch {
      setFailed(true);
      return otherwise;
    } finally {
      setVersion((v) => v + 1);
    }
  }, []);

  const claim = useCallback(
    (id: string) =>
      change(async () => {
        const person = session.getPerson();
        if (inbox && person) await inbox.claim(id, person);
      }, undefined),
    [change, inbox, session],
  );
  const take = useCallback(
    (ids: readonly string[]) => change(async () => (inbox ? inbox.take(ids) : []), []),
    [change, inbox],
  );
  const discard = useCallback(
    (ids: readonly string[]) => change(async () => inbox?.discard(ids), undefined),
    [change, inbox],
  );

  const failure = failed
    ? intl.formatMessage({
        defaultMessage: 'The shared files could not be read on this tablet. Share them again.',
        id: 'QzYUWp',
      })
    : null;
  return { shares, failure, claim, take, discard };
}
