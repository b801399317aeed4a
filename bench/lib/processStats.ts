import { readFileSync, readdirSync } from 'node:fs';

interface ProcInfo {
  pid: number;
  ppid: number;
  comm: string;
  rssKb: number;
  /** VmRSS's parts: private memory, mapped files, and shared memory (Mojo data pipes between processes). */
  parts: { anon: number; file: number; shmem: number };
  /** User plus system CPU time, in clock ticks. */
  cpuTicks: number;
}

/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
const TICKS_PER_SECOND = 100;

function readProc(pid: number): ProcInfo | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'm').exec(status)?.[1]?.trim() ?? '';
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may itself hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      pid,
      ppid: Number(field('PPid')),
      comm: field('Name'),
      rssKb: Number.parseInt(field('VmRSS'), 10) || 0,
      parts: {
        anon: Number.parseInt(field('RssAnon'), 10) || 0,
        file: Number.parseInt(field('RssFile'), 10) || 0,
        shmem: Number.parseInt(field('RssShmem'), 10) || 0,
      },
      cpuTicks: Number(fields[11]) + Number(fields[12]),
    };
  } catch {
    return undefined; // exited while we looked
  }
}

function processTree(rootPid: number): ProcInfo[] {
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => readProc(Number(d)))
    .filter((p): p is ProcInfo => p !== undefined);
  const children = new Map<number, ProcInfo[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const tree: ProcInfo[] = [];
  const stack = [...all.filter((p) => p.pid === rootPid)];
  while (stack.length > 0) {
    const p = stack.pop()!;
    tree.push(p);
    stack.push(...(children.get(p.pid) ?? []));
  }
  return tree;
}

const chromium = (rootPid: number) => processTree(rootPid).filter((p) => /chrom/i.test(p.comm));

/**
 * Summed resident memory (bytes) of the Chromium processes descended from this Node process: the
 * browser, its GPU/utility helpers and renderers. Sandbox and app servers are Node, so not counted.
 */
export function chromiumRssBytes(rootPid = process.pid): number {
  return chromium(rootPid).reduce((total, p) => total + p.rssKb * 1024, 0);
}

/** CPU seconds (user + system) used so far by the Chromium processes descended from this process. */
export function chromiumCpuSeconds(rootPid = process.pid): number {
  return chromium(rootPid).reduce((total, p) => total + p.cpuTicks, 0) / TICKS_PER_SECOND;
}

/** CPU seconds (user + system) used so far by a process and its descendants that are still running. */
export function treeCpuSeconds(pid: number): number {
  return processTree(pid).reduce((total, p) => total + p.cpuTicks, 0) / TICKS_PER_SECOND;
}

/** A Chromium process's role from its command line (`--type=renderer`…); the browser process has none. */
function chromiumRole(pid: number): string {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const type = args.find((arg) => arg.startsWith('--type='))?.slice('--type='.length);
    const service = args
      .find((arg) => arg.startsWith('--utility-sub-type='))
      ?.split('.')
      .pop();
    return type ? (service ? `${type} ${service}` : type) : 'browser';
  } catch {
    return 'gone';
  }
}

/**
 * Summed resident memory (bytes) of this process's Chromium descendants, by role (browser, renderer,
 * gpu-process…); with `parts`, each role's private, file-backed and shared memory apart ("browser
 * shmem"): which of them grows says whether it is the process's own or a data pipe's.
 */
export function chromiumRssByRole(rootPid = process.pid, parts = false): Map<string, number> {
  const roles = new Map<string, number>();
  const add = (key: string, kb: number) => roles.set(key, (roles.get(key) ?? 0) + kb * 1024);
  for (const p of chromium(rootPid)) {
    const role = chromiumRole(p.pid);
    if (!parts) add(role, p.rssKb);
    else for (const [part, kb] of Object.entries(p.parts)) add(`${role} ${part}`, kb);
  }
  return roles;
}
