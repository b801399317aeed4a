/**
 * What a Chromium trace written with BENCH_TRACE_DIR (bench/lib/trace.ts) says the page spent its time
 * on: `npm run bench:trace -- <trace.json> [dist]`. For the page's main thread: busy time, its longest
 * tasks with what each held (trace events by self time), and JavaScript by function and by package
 * (CPU profiler samples, mapped to sources through dist/assets/*.map); the busy time of other threads
 * (raster, image decoding, workers). A reading aid: nothing here is asserted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown> & { data?: Record<string, unknown>; name?: string };
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

const [file, distArg] = process.argv.slice(2);
if (!file) {
  console.error('Usage: npm run bench:trace -- <trace.json> [dist folder]');
  process.exit(2);
}
const dist = distArg ?? path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'dist');
const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(raw) ? raw : raw.traceEvents;

const threadNames = new Map<string, string>();
for (const e of events)
  if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, String(e.args?.name));

const key = (e: TraceEvent) => `${e.pid}:${e.tid}`;
const complete = events.filter((e) => e.ph === 'X' && typeof e.dur === 'number');
const topLevel = complete.filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask');

// The page's main thread: the renderer main thread that was busiest.
const busyByThread = new Map<string, number>();
for (const e of topLevel) busyByThread.set(key(e), (busyByThread.get(key(e)) ?? 0) + e.dur!);
const mains = [...busyByThread].filter(([k]) => threadNames.get(k) === 'CrRendererMain');
mains.sort((a, b) => b[1] - a[1]);
const main = mains[0]?.[0];
if (!main) {
  console.error('No renderer main thread in this trace.');
  process.exit(1);
}
const mainPid = Number(main.split(':')[0]);
const ms = (us: number) => `${(us / 1000).toFixed(1)} ms`;
// Chromium nests RunTask in ThreadControllerImpl::RunTask: each task once, as its outermost event.
let keptUntil = Number.NEGATIVE_INFINITY;
// BENCH_TRACE_SPAN=<from>,<to>: only the tasks that start from..to ms after the first drop (the batch
// itself, without the bench's own waiting before it or the notice's frames after it).
/** The main thread's input events of a type (`click`, `drop`), in order. */
const anchorOf = (type: string) =>
  complete.filter((e) => key(e) === main && e.name === 'EventDispatch' && e.args?.data?.type === type);
const firstDrop = anchorOf('drop')[0];
const span = process.env.BENCH_TRACE_SPAN?.split(',').map(Number);
const inSpan = (e: TraceEvent) =>
  !span || !firstDrop || (e.ts >= firstDrop.ts + span[0]! * 1000 && e.ts <= firstDrop.ts + span[1]! * 1000);
const tasks = topLevel
  .filter((e) => key(e) === main && inSpan(e))
  .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
  .filter((e) => {
    if (e.ts + e.dur! <= keptUntil) return false;
    keptUntil = e.ts + e.dur!;
    return true;
  });
/** How many of the longest tasks are shown (BENCH_TRACE_TASKS, 6 unless set). */
const shownTasks = Number(process.env.BENCH_TRACE_TASKS) || 6;
const first = tasks[0]!.ts;
const last = tasks.at(-1)!.ts + tasks.at(-1)!.dur!;
console.log(`${path.basename(file)}: main thread ${main}, window ${ms(last - first)}`);
console.log(`  busy ${ms(tasks.reduce((total, t) => total + t.dur!, 0))} in ${tasks.length} tasks`);

/** Self time by event name inside one span of one thread. */
function selfTimes(thread: string, from: number, to: number): Map<string, number> {
  const inside = complete
    .filter((e) => key(e) === thread && e.ts >= from && e.ts + e.dur! <= to)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: TraceEvent[] = [];
  const label = (e: TraceEvent) => {
    const data = e.args?.data;
    if (e.name === 'FunctionCall' && data?.functionName) return `FunctionCall ${String(data.functionName)}`;
    return e.name;
  };
  const childTime = new Map<TraceEvent, number>();
  for (const e of inside) {
    while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) childTime.set(parent, (childTime.get(parent) ?? 0) + e.dur!);
    stack.push(e);
  }
  for (const e of inside) {
    const own = e.dur! - (childTime.get(e) ?? 0);
    self.set(label(e), (self.get(label(e)) ?? 0) + Math.max(0, own));
  }
  return self;
}

const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .filter(([, v]) => v >= 500);

console.log('\n  longest tasks on the main thread (self time of what each held):');
for (const task of [...tasks].sort((a, b) => b.dur! - a.dur!).slice(0, shownTasks)) {
  console.log(`  - ${ms(task.dur!)} at +${ms(task.ts - first)}`);
  for (const [name, us] of top(selfTimes(main, task.ts, task.ts + task.dur!), 8))
    console.log(`      ${ms(us).padStart(10)}  ${name}`);
}

console.log('\n  whole window, main thread, self time by event:');
for (const [name, us] of top(selfTimes(main, first, last), 15))
  console.log(`    ${ms(us).padStart(10)}  ${name}`);

console.log('\n  other threads, busy (top-level tasks):');
for (const [k, us] of [...busyByThread]
  .filter(([k]) => k !== main)
  .sort((a, b) => b[1] - a[1])
  .slice(0, 10))
  console.log(
    `    ${ms(us).padStart(10)}  ${threadNames.get(k) ?? k}${Number(k.split(':')[0]) === mainPid ? '' : ' (other process)'}`,
  );

// JavaScript on the main thread, from the CPU profiler's samples.
const nodes = new Map<number, { callFrame: CallFrame; parent?: number }>();
/** Each sample: the node it hit, when (trace clock), and the time it stands for. */
const samples: { id: number; ts: number; us: number }[] = [];
// The main thread's profile only (a worker's or the service worker's has node ids of its own).
const mainTid = Number(main.split(':')[1]);
const profile = events.find((e) => e.name === 'Profile' && e.pid === mainPid && e.tid === mainTid);
let clock = Number((profile?.args?.data as { startTime?: number } | undefined)?.startTime ?? 0);
for (const e of events) {
  if (e.name !== 'ProfileChunk' || e.pid !== mainPid || e.id !== profile?.id) continue;
  const data = e.args?.data as
    | {
        cpuProfile?: {
          nodes?: { id: number; callFrame: CallFrame; parent?: number }[];
          samples?: number[];
        };
        timeDeltas?: number[];
      }
    | undefined;
  for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
  const hits = data?.cpuProfile?.samples ?? [];
  const deltas = data?.timeDeltas ?? [];
  hits.forEach((id, i) => {
    clock += deltas[i] ?? 0;
    // Each sample stands for the gap to the next one; close enough for a summary.
    samples.push({ id, ts: clock, us: Math.max(0, deltas[i + 1] ?? deltas[i] ?? 0) });
  });
}
if (nodes.size > 0) {
  const maps = new Map<string, TraceMap | null>();
  const mapFor = (url: string): TraceMap | null => {
    const name = url.split('/').pop()?.split('?')[0];
    if (!name) return null;
    if (!maps.has(name)) {
      const mapFile = path.join(dist, 'assets', `${name}.map`);
      maps.set(name, fs.existsSync(mapFile) ? new TraceMap(fs.readFileSync(mapFile, 'utf8')) : null);
    }
    return maps.get(name)!;
  };
  const where = (frame: CallFrame) => {
    const map = frame.url ? mapFor(frame.url) : null;
    if (!map) return { fn: frame.functionName || '(anonymous)', source: frame.url || frame.functionName };
    const at = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
    return { fn: at.name ?? frame.functionName ?? '(anonymous)', source: at.source ?? frame.url };
  };
  const bucket = (source: string) => {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    if (pkg) return pkg[1]!;
    const src = /(src\/.*)$/.exec(source);
    return src ? src[1]! : source || '(native)';
  };
  const located = new Map<number, { fn: string; bucket: string }>();
  const locate = (id: number) => {
    let found = located.get(id);
    if (!found) {
      const { fn, source } = where(nodes.get(id)!.callFrame);
      located.set(id, (found = { fn, bucket: bucket(source) }));
    }
    return found;
  };
  /** The nearest caller in the app's own sources (a component, a hook, the queue): who asked for it. */
  const appCaller = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = nodes.get(at)?.parent) {
      const { fn, bucket: b } = locate(at);
      if (b.startsWith('src/')) return `${fn} (${b})`;
    }
    return '(no app frame)';
  };
  const sum = (from: number, to: number, key: (id: number) => string) => {
    const total = new Map<string, number>();
    for (const sample of samples)
      if (sample.ts >= from && sample.ts <= to && nodes.has(sample.id)) {
        const k = key(sample.id);
        total.set(k, (total.get(k) ?? 0) + sample.us);
      }
    return total;
  };
  const own = (id: number) => `${locate(id).fn} (${locate(id).bucket})`;
  console.log('\n  JavaScript on the main thread (CPU profiler samples), self time by package or source:');
  for (const [name, us] of top(
    sum(first, last, (id) => locate(id).bucket),
    15,
  ))
    console.log(`    ${ms(us).padStart(10)}  ${name}`);
  console.log('\n  ... by function:');
  for (const [name, us] of top(sum(first, last, own), 25)) console.log(`    ${ms(us).padStart(10)}  ${name}`);
  console.log('\n  ... by the nearest caller in src/ (who asked for the work):');
  for (const [name, us] of top(sum(first, last, appCaller), 20))
    console.log(`    ${ms(us).padStart(10)}  ${name}`);
  // A timeline from the last click (a shutter's tap, say): each task of 10 ms or more in order, with
  // who asked for it, and the page's performance marks (the bench marks the stages it times).
  // Without a click, from the first drop (an upload's own work, task by task).
  // BENCH_TRACE_AT=<ms>: the timeline from that time in the window instead (what led up to a long task).
  const at = Number(process.env.BENCH_TRACE_AT);
  const click = Number.isFinite(at)
    ? ({
        name: 'at',
        ph: 'X',
        ts: first + at * 1000,
        pid: mainPid,
        tid: 0,
        args: { data: { type: 'at' } },
      } as TraceEvent)
    : (anchorOf('click').at(-1) ?? firstDrop);
  if (click) {
    const from =
      { drop: 'the first drop', click: 'the last click' }[String(click.args?.data?.type)] ?? `+${at} ms`;
    console.log(`\n  from ${from}: tasks of 10 ms or more and performance marks, in order:`);
    const marks = events
      .filter((e) => e.pid === mainPid && e.ts >= click.ts && (e.cat ?? '').includes('blink.user_timing'))
      .filter((e) => e.ph === 'R' || e.ph === 'I' || e.ph === 'n' || e.ph === 'b');
    const lines: { ts: number; text: string }[] = marks.map((e) => ({
      ts: e.ts,
      text: `mark ${e.name}`,
    }));
    let end = 0;
    for (const task of tasks.filter((t) => t.ts + t.dur! >= click.ts && t.dur! >= 10_000)) {
      // A RunTask inside a ThreadControllerImpl::RunTask (or the other way round) is the same task.
      if (task.ts < end) continue;
      end = task.ts + task.dur!;
      const callers = top(sum(task.ts, task.ts + task.dur!, appCaller), 2).map(([n, us]) => `${n} ${ms(us)}`);
      const fns = top(sum(task.ts, task.ts + task.dur!, own), 3).map(([n, us]) => `${n} ${ms(us)}`);
      const events = top(selfTimes(main, task.ts, task.ts + task.dur!), 3).map(([n, us]) => `${n} ${ms(us)}`);
      lines.push({
        ts: task.ts,
        text: `task ${ms(task.dur!)}: ${events.join(', ')}\n${' '.repeat(20)}${[...callers, ...fns].join(', ')}`,
      });
    }
    for (const line of lines.sort((a, b) => a.ts - b.ts))
      console.log(`    ${`+${ms(line.ts - click.ts)}`.padStart(12)}  ${line.text}`);
  }
  // A drop's own work, up to the first request it makes: what holds the first ticket back.
  const drop = firstDrop;
  const firstRequest = drop
    ? events
        .filter(
          (e) =>
            e.name === 'ResourceSendRequest' &&
            e.ts > drop.ts &&
            /graphql/.test((e.args?.data as { url?: string } | undefined)?.url ?? ''),
        )
        .sort((a, b) => a.ts - b.ts)[0]
    : undefined;
  if (drop && firstRequest) {
    console.log(
      `\n  from the drop (+${ms(drop.ts - first)}) to its first GraphQL request: ${ms(firstRequest.ts - drop.ts)}; JavaScript by caller and function:`,
    );
    for (const [name, us] of top(sum(drop.ts, firstRequest.ts, appCaller), 8))
      console.log(`      ${ms(us).padStart(10)}  ${name}`);
    for (const [name, us] of top(sum(drop.ts, firstRequest.ts, own), 12))
      console.log(`      ${ms(us).padStart(10)}  · ${name}`);
  }
  // BENCH_TRACE_UNDER=<function>: what the samples inside that function spent their time in, inclusive
  // (each function on the stack above it counted once per sample): where a named piece of work goes.
  /** The window's samples with `fn` on their stack: each stack (innermost first) and where `fn` is in it. */
  function* samplesIn(fn: string) {
    for (const sample of samples) {
      if (!nodes.has(sample.id) || sample.ts < first || sample.ts > last) continue;
      const stack: number[] = [];
      for (let at: number | undefined = sample.id; at !== undefined; at = nodes.get(at)?.parent)
        stack.push(at);
      const at = stack.findIndex((id) => locate(id).fn === fn);
      if (at >= 0) yield { us: sample.us, stack, at };
    }
  }
  const under = process.env.BENCH_TRACE_UNDER;
  if (under) {
    const inclusive = new Map<string, number>();
    let total = 0;
    for (const { us, stack, at } of samplesIn(under)) {
      total += us;
      for (const name of new Set(stack.slice(0, at).map(own)))
        inclusive.set(name, (inclusive.get(name) ?? 0) + us);
    }
    console.log(`\n  inside ${under}, ${ms(total)} sampled; functions it called, inclusive:`);
    for (const [name, us] of top(inclusive, Number(process.env.BENCH_TRACE_UNDER_TOP) || 40))
      console.log(`    ${ms(us).padStart(10)}  ${name}`);
  }
  // BENCH_TRACE_TASKS_OF=<function>: the tasks whose trace holds a call of that function (a handler the
  // trace names, such as XMLHttpRequest's onload), their JavaScript together: what such a task goes on
  // to do in its microtasks, where the handler's own stack has ended.
  const tasksOf = process.env.BENCH_TRACE_TASKS_OF;
  if (tasksOf) {
    const calls = complete.filter(
      (e) => key(e) === main && e.name === 'FunctionCall' && e.args?.data?.functionName === tasksOf,
    );
    const holding = tasks.filter((t) => calls.some((c) => c.ts >= t.ts && c.ts < t.ts + t.dur!));
    const callers = new Map<string, number>();
    const fns = new Map<string, number>();
    for (const t of holding) {
      for (const [name, us] of sum(t.ts, t.ts + t.dur!, appCaller))
        callers.set(name, (callers.get(name) ?? 0) + us);
      for (const [name, us] of sum(t.ts, t.ts + t.dur!, own)) fns.set(name, (fns.get(name) ?? 0) + us);
    }
    const total = holding.reduce((all, t) => all + t.dur!, 0);
    console.log(
      `\n  ${holding.length} tasks holding ${tasksOf}, ${ms(total)}; their JavaScript by caller and function:`,
    );
    for (const [name, us] of top(callers, 15)) console.log(`    ${ms(us).padStart(10)}  ${name}`);
    for (const [name, us] of top(fns, 15)) console.log(`    ${ms(us).padStart(10)}  · ${name}`);
  }
  // BENCH_TRACE_CALLERS=<function>: who called that function, as the stacks of its samples (six frames
  // up, mapped to sources): where a cost named above comes from.
  const callersOf = process.env.BENCH_TRACE_CALLERS;
  if (callersOf) {
    const chains = new Map<string, number>();
    let total = 0;
    for (const { us, stack, at } of samplesIn(callersOf)) {
      total += us;
      const chain = stack
        .slice(at + 1, at + 7)
        .map((id) => locate(id).fn)
        .join(' < ');
      chains.set(chain, (chains.get(chain) ?? 0) + us);
    }
    console.log(`\n  ${callersOf} called from, ${ms(total)} sampled:`);
    for (const [chain, us] of top(chains, Number(process.env.BENCH_TRACE_UNDER_TOP) || 20))
      console.log(`    ${ms(us).padStart(10)}  ${chain}`);
  }
  console.log('\n  the longest tasks again, their JavaScript by the nearest caller in src/ and by function:');
  for (const task of [...tasks].sort((a, b) => b.dur! - a.dur!).slice(0, shownTasks)) {
    console.log(`  - ${ms(task.dur!)} at +${ms(task.ts - first)}`);
    for (const [name, us] of top(sum(task.ts, task.ts + task.dur!, appCaller), 6))
      console.log(`      ${ms(us).padStart(10)}  ${name}`);
    for (const [name, us] of top(sum(task.ts, task.ts + task.dur!, own), 6))
      console.log(`      ${ms(us).padStart(10)}  · ${name}`);
  }
}
