import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useUploadQueue } from '../upload/uploadQueueContext.tsx';
import { graphql } from '../graphql/generated/index.ts';
import { isPermissionRefusal } from '../graphql/errors.ts';

interface ViewOnlyState {
  /** A delete was refused for permission during this sign-in. */
  deleteRefused: boolean;
  /** The server refused this person an upload ticket when asked at the start of this sign-in. */
  ticketRefused: boolean;
  markDeleteRefused(): void;
  checkAgain(): void;
}

const ViewOnlyContext = createContext<ViewOnlyState | null>(null);

/**
 * The API names no roles, but it answers `requestFileUploadUrl` only to people who may attach (a
 * viewer is refused): asked once as the private pages open, its refusal says "view only" before the
 * person tries anything. A ticket given is never used; the server still decides each attach.
 */
export const AttachPermissionQuery = graphql(`
  query AttachPermission($filename: String!) {
    requestFileUploadUrl(filename: $filename) {
      s3Key
    }
  }
`);

/** The name the question is asked with: a plain text file, whose type every server takes. */
export const PERMISSION_CHECK_FILENAME = 'permission-check.txt';

/**
 * Remembers, for one signed-in session, that the server refused this user a delete for permission, or
 * an upload ticket when asked up front. Mounted inside the private layout, so the next person to sign
 * in starts afresh. (A refused attach is remembered by the upload queue, per person and across
 * sessions: see attachRefusals.)
 */
export function ViewOnlyProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const [deleteRefused, setDeleteRefused] = useState(false);
  const [ticketRefused, setTicketRefused] = useState(false);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let current = true;
    client
      .query({
        query: AttachPermissionQuery,
        variables: { filename: PERMISSION_CHECK_FILENAME },
        fetchPolicy: 'no-cache',
      })
      .then(
        () => current && setTicketRefused(false),
        // Anything but a refusal (offline, a server error) says nothing about the person's rights.
        (error: unknown) => current && isPermissionRefusal(error) && setTicketRefused(true),
      );
    return () => {
      current = false;
    };
  }, [client, asked]);
  return (
    <ViewOnlyContext.Provider
      value={{
        deleteRefused,
        ticketRefused,
        markDeleteRefused: () => setDeleteRefused(true),
        checkAgain: () => {
          setDeleteRefused(false);
          setTicketRefused(false);
          setAsked((count) => count + 1);
        },
      }}
    >
      {children}
    </ViewOnlyContext.Provider>
  );
}

/**
 * Whether the page is view only: the server has refused this person an upload ticket (asked as the
 * pages opened), an attach (now or on an earlier visit to this device), or a delete. Attach and delete
 * controls are then hidden from the start; the server still decides, and `checkAgain` lets a person
 * whose rights changed try once more.
 */
export function useViewOnly(): { viewOnly: boolean; markDeleteRefused(): void; checkAgain(): void } {
  const state = useContext(ViewOnlyContext);
  const queue = useUploadQueue();
  const mayAttach = useSyncExternalStore(queue.subscribe, () => queue.mayAttach());
  return {
    viewOnly: !mayAttach || (state?.deleteRefused ?? false) || (state?.ticketRefused ?? false),
    markDeleteRefused: state?.markDeleteRefused ?? (() => {}),
    checkAgain: () => {
      queue.checkAttachAgain();
      state?.checkAgain();
    },
  };
}
