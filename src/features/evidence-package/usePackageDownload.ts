import { useCallback, useEffect, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useIntl } from 'react-intl';
import { apolloUrlFetcher, listPackage, type PackageRecord } from './packageListing.ts';
import { batchedUrls } from './packageUrls.ts';
import { URL_BATCH } from './packageDocuments.ts';
import type { FetchDeps } from './fetchFile.ts';
import { measurePlan, writePackage, type PackageProgress } from './writePackage.ts';
import type { FileOutcome, PackagePlan } from './packageTypes.ts';
import { canPickFile, pickedFile, SaveDeclined, streamedDownload, type SaveTarget } from './saveTarget.ts';
import { useManifestWords, PACKAGE_WORDS } from './packageWords.ts';
import { toUserMessage } from '../../graphql/errors.ts';
import { throttle } from '../../lib/throttle.ts';

const PROGRESS_MS = 250;

/** Where a package is: what the dialog shows. */
export type PackageState =
  | { phase: 'idle' }
  | { phase: 'counting'; listed: number; lists: number; measured: number; files: number }
  | { phase: 'ready'; plan: PackagePlan; bytes: number; unsized: number }
  | {
      phase: 'saving';
      plan: PackagePlan;
      progress: PackageProgress;
      startedAt: number;
      how: SaveTarget['how'];
    }
  | { phase: 'done'; plan: PackagePlan; outcomes: FileOutcome[]; how: SaveTarget['how'] }
  | { phase: 'cancelled'; how: SaveTarget['how'] | null }
  | { phase: 'failed'; message: string };

/** The URL fetcher's queries counted, for the page to show nothing of but tests and benches to read. */
declare global {
  interface Window {
    __packageStats?: { urlQueries: number };
  }
}

/**
 * One package of a record's files: count and size them (the dialog asks before it starts), then
 * stream the ZIP to a file the person picks or, where the browser has no picker, to its downloads
 * through the service worker. Cancel aborts the fetches and the file.
 */
export function usePackageDownload(record: PackageRecord) {
  const client = useApolloClient();
  const intl = useIntl();
  const manifestWords = useManifestWords();
  const [state, setState] = useState<PackageState>({ phase: 'idle' });
  const work = useRef<AbortController | null>(null);
  const sizes = useRef<Map<number, number | null>>(new Map());
  const deps = useRef<FetchDeps | null>(null);

  const depsFor = useCallback(
    (plan: PackagePlan): FetchDeps => {
      const stats = (window.__packageStats ??= { urlQueries: 0 });
      const fetcher = apolloUrlFetcher(client, () => (stats.urlQueries += 1));
      return {
        urls: batchedUrls(
          plan.files.map((file) => file.attachmentId),
          fetcher,
          URL_BATCH,
        ),
      };
    },
    [client],
  );

  const count = useCallback(() => {
    work.current?.abort();
    const controller = new AbortController();
    work.current = controller;
    setState({ phase: 'counting', listed: 0, lists: 0, measured: 0, files: 0 });
    void (async () => {
      try {
        const plan = await listPackage(client, record, intl, (listed, lists) =>
          setState((s) => (s.phase === 'counting' ? { ...s, listed, lists } : s)),
        );
        if (controller.signal.aborted) return;
        setState((s) => (s.phase === 'counting' ? { ...s, files: plan.files.length } : s));
        sizes.current = await measurePlan(plan, depsFor(plan), controller.signal, (measured) =>
          setState((s) => (s.phase === 'counting' ? { ...s, measured } : s)),
        );
        const known = [...sizes.current.values()];
        setState({
          phase: 'ready',
          plan,
          bytes: known.reduce<number>((sum, size) => sum + (size ?? 0), 0),
          unsized: known.filter((size) => size === null).length,
        });
      } catch (error) {
        if (!controller.signal.aborted) setState({ phase: 'failed', message: toUserMessage(error) });
      }
    })();
  }, [client, record, intl, depsFor]);

  const readyOf = (plan: PackagePlan) => {
    const known = plan.files.map((file) => sizes.current.get(file.attachmentId) ?? null);
    return {
      plan,
      bytes: known.reduce<number>((sum, size) => sum + (size ?? 0), 0),
      unsized: known.filter((size) => size === null).length,
    };
  };

  /** Starts the package; runs in the tap's handler, so the save picker gets its gesture. */
  const start = useCallback(
    (plan: PackagePlan) => {
      const controller = new AbortController();
      work.current = controller;
      let how: SaveTarget['how'] | null = null;
      let latest: PackageProgress | null = null;
      void (async () => {
        try {
          const target = canPickFile()
            ? await pickedFile(plan.zipName, intl.formatMessage(PACKAGE_WORDS.zipDescription))
            : await streamedDownload(
                plan.zipName,
                () => new Error(intl.formatMessage(PACKAGE_WORDS.notStarted)),
              );
          how = target.how;
          deps.current = depsFor(plan);
          const startedAt = performance.now();
          // Progress comes with every chunk: the dialog is drawn at most a few times a second. The
          // throttle's last call comes late: after a Cancel or a failure it must not say "saving" again.
          const show = throttle(
            () =>
              latest &&
              !controller.signal.aborted &&
              setState({ phase: 'saving', plan, progress: latest, startedAt, how: target.how }),
            () => PROGRESS_MS,
          );
          const outcomes = await writePackage({
            plan,
            sizes: sizes.current,
            deps: deps.current,
            sink: target.sink,
            signal: controller.signal,
            words: manifestWords,
            lang: intl.locale,
            onProgress: (progress) => {
              latest = progress;
              show();
            },
          });
          latest = null;
          setState({ phase: 'done', plan, outcomes, how: target.how });
        } catch (error) {
          latest = null;
          if (error instanceof SaveDeclined) setState({ phase: 'ready', ...readyOf(plan) });
          else if (controller.signal.aborted || isAbort(error)) setState({ phase: 'cancelled', how });
          else setState({ phase: 'failed', message: toUserMessage(error) });
        }
      })();
    },
    [intl, depsFor, manifestWords],
  );

  const cancel = useCallback(() => {
    work.current?.abort(new DOMException('Cancelled', 'AbortError'));
    work.current = null;
    setState((s) =>
      s.phase === 'saving' ? { phase: 'cancelled', how: s.how } : s.phase === 'idle' ? s : { phase: 'idle' },
    );
  }, []);

  const reset = useCallback(() => setState({ phase: 'idle' }), []);

  // Leaving the page stops the package (its fetches and its file), as Cancel does.
  useEffect(() => () => work.current?.abort(new DOMException('Left the page', 'AbortError')), []);

  return { state, count, start, cancel, reset };
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
