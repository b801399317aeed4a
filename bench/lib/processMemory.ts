import { readFileSync, readdirSync } from 'node:fs';

interface ProcInfo {
  pid: number;
  ppid: number;
  comm: string;
  rssKb: number;
}

function readProc(pid: number): ProcInfo | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'm').exec(status)?.[1]?.trim() ?? '';
    return {
      pid,
      ppid: Number(field('PPid')),
      comm: field('Name'),
      rssKb: Number.parseInt(field('VmRSS'), 10) || 0,
    };
  } catch {
    return undefined; // exited while we looked
  }
}

/**
 * Summed resident memory (bytes) of the Chromium processes descended from this Node process: the
 * browser, its GPU/utility helpers and renderers. Sandbox and app servers are Node, so not counted.
 */
export function chromiumRssBytes(rootPid = process.pid): number {
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => readProc(Number(d)))
    .filter((p): p is ProcInfo => p !== undefined);
  const children = new Map<number, ProcInfo[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  let total = 0;
  const stack = [...(children.get(rootPid) ?? [])];
  while (stack.length > 0) {
    const p = stack.pop()!;
    if (/chrom/i.test(p.comm)) total += p.rssKb * 1024;
    stack.push(...(children.get(p.pid) ?? []));
  }
  return total;
}
