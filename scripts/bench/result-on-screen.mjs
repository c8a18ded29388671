// Result on screen: how long from dropping a catalog on the page until its
// summary, its per-tool table and both sides of its diff are drawn, and where
// that time goes. Starts the built browser host (a fresh one and a fresh store
// per run, so every run is a first drop after the page opened, as a newcomer
// sees it), opens it in Chromium, waits until the page is ready and then
// `--idle` milliseconds more (a person takes that long to find a file), and
// drops the file on the window as a drag from the desktop does (the file is
// handed to the page before the clock starts). Each later `--drops` drops the
// same file again on the same page (a warm host).
//
// Beside the phases, the CPU time the host process (every thread: its jobs
// worker too) and the browser (all its processes) used from the drop until
// the result was seen: far less sensitive to a busy machine than wall time.
//
// Phases, from the page's frames (each the first frame that showed it) and
// its requests (the decoding thread's included), in ms after the drop:
//   upload    the analyze request answered (the catalog reached the host)
//   started   the job's bar first showed a stage past "Waiting" (the job worker began)
//   finished  the job's row left the list (its jobFinished event arrived)
//   report    the per-tool report's request answered (none when the report
//             came with the jobFinished event, as a small one does)
//   diffBytes the diff's request answered (fetched by the decoding thread)
//   summary / table / diff   drawn; `shown` is the last of the three
//   result    the summary and the table with its savings both drawn: the
//             shrink's result on screen (docs/performance.md)
//
//   npm run build && node scripts/bench/result-on-screen.mjs
//     [--catalog server-github.json --catalog 32]   a file of test/fixtures/shared/real/ or a generated size in MiB
//     [--out out --out /tmp/out-before]   builds to compare, run interleaved
//     [--runs 5] [--drops 1] [--idle 3000]
// CAVEMAN_JSON=file writes every run.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { catalogFile, launchChromium, prepareOut, root, startHost } from './page-host.mjs';

const { values } = parseArgs({
  options: {
    out: { type: 'string', multiple: true, default: ['out'] },
    catalog: { type: 'string', multiple: true, default: ['server-github.json', '32'] },
    runs: { type: 'string', default: '5' },
    drops: { type: 'string', default: '1' },
    idle: { type: 'string', default: '3000' },
    timeout: { type: 'string', default: '300' },
    threads: { type: 'boolean', default: false },
  },
});

const work = mkdtempSync(join(tmpdir(), 'caveman-result-on-screen-'));
const PHASES = ['upload', 'started', 'finished', 'report', 'diffBytes', 'summary', 'table', 'result', 'diff', 'shown', 'hostCpu', 'browserCpu'];
const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU milliseconds (user + system, every thread) of each process, and its parent. */
function processTimes() {
  const all = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      all.set(Number(entry), { ppid: Number(fields[1]), ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS });
    } catch {
      // Gone meanwhile.
    }
  }
  return all;
}

/** CPU milliseconds of the host process, and of the browser (every process this one started, the host left out, and theirs). */
function cpuNow(hostPid) {
  const all = processTimes();
  const within = (root) => {
    let total = 0;
    const pending = [root];
    while (pending.length > 0) {
      const pid = pending.pop();
      for (const [child, times] of all) {
        if (times.ppid !== pid || child === hostPid) continue;
        total += times.ms;
        pending.push(child);
      }
    }
    return total;
  };
  return { host: all.get(hostPid)?.ms ?? 0, browser: within(process.pid) };
}

/** The browser's process kind, from its command line: browser, renderer, gpu, network, or another utility's name. */
function processKind(pid) {
  try {
    // Chromium rewrites its title, so the arguments may be one string joined by spaces.
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    const type = /--type=(\S+)/.exec(args)?.[1];
    if (type === undefined) return 'browser';
    if (type === 'gpu-process') return 'gpu';
    if (type === 'utility') return /NetworkService/.test(args) ? 'network' : 'utility';
    return type;
  } catch {
    return 'gone';
  }
}

/** CPU ms of every thread of the browser's processes, keyed "kind/thread name" (schedstat: ns run time). */
function browserThreadTimes(hostPid) {
  const all = processTimes();
  const pids = [];
  const pending = [process.pid];
  while (pending.length > 0) {
    const pid = pending.pop();
    for (const [child, times] of all)
      if (times.ppid === pid && child !== hostPid) {
        pids.push(child);
        pending.push(child);
      }
  }
  const times = new Map();
  for (const pid of pids) {
    const kind = processKind(pid);
    let tasks = [];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
        const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
        const key = `${kind}/${name}`;
        // A thread is told apart by its id, so a thread that ends meanwhile is not counted as negative.
        times.set(`${key}#${pid}.${tid}`, ns / 1e6);
      } catch {
        // Gone meanwhile.
      }
    }
  }
  return times;
}

/** Per "kind/thread" CPU ms between two samples. */
function threadDelta(before, after) {
  const delta = {};
  for (const [id, ms] of after) {
    const key = id.split('#')[0];
    delta[key] = (delta[key] ?? 0) + ms - (before.get(id) ?? 0);
  }
  return delta;
}

// Runs in the page before the app: the first frame that shows each step after a drop.
function observePage() {
  const state = { dropped: null, marks: {} };
  window.__resultOnScreen = state;
  const mark = (name, now) => {
    if (state.marks[name] === undefined) state.marks[name] = now - state.dropped;
  };
  const frame = () => {
    requestAnimationFrame(frame);
    if (state.dropped === null) return;
    const now = performance.now();
    const jobBar = document.querySelector('.job-list [role="progressbar"]');
    if (jobBar) {
      state.jobSeen = true;
      if (!/^Waiting/.test(jobBar.getAttribute('aria-valuetext') ?? '')) mark('started', now);
    } else if (state.jobSeen) mark('finished', now);
    if (document.querySelector('section.summary')) mark('summary', now);
    if (document.querySelector('.tool-table tr.tool-row')) mark('table', now);
    const host = document.querySelector('.merge-host');
    if (host?.shadowRoot?.querySelector('.cm-merge-a .cm-line') && host.shadowRoot.querySelector('.cm-merge-b .cm-line')) mark('diff', now);
    const { summary, table, diff } = state.marks;
    if (summary !== undefined && table !== undefined) mark('result', now);
    if (summary !== undefined && table !== undefined && diff !== undefined) mark('shown', now);
  };
  requestAnimationFrame(frame);
}

/** Hands the file to the page (untimed), then drops it on the window; resolves the drop's time (epoch ms). */
async function drop(page, file) {
  await page.evaluate(() => {
    document.querySelector('#result-on-screen-file')?.remove();
    const input = Object.assign(document.createElement('input'), { type: 'file', id: 'result-on-screen-file', hidden: true });
    document.body.append(input);
  });
  await page.setInputFiles('#result-on-screen-file', file);
  return page.evaluate(() => {
    const input = document.querySelector('#result-on-screen-file');
    const transfer = new DataTransfer();
    for (const item of input.files) transfer.items.add(item);
    input.remove();
    const state = window.__resultOnScreen;
    state.marks = {};
    state.jobSeen = false;
    state.dropped = performance.now();
    for (const type of ['dragenter', 'dragover', 'drop'])
      window.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    return performance.timeOrigin + state.dropped;
  });
}

async function measure(outDir, spec) {
  const dir = mkdtempSync(join(work, 'run-'));
  const host = startHost(outDir, join(dir, 'ccr.db'));
  const browser = await launchChromium();
  const drops = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // Request times (epoch ms) by path, the decoding thread's requests included.
    let requests = [];
    page.on('requestfinished', (request) => {
      const timing = request.timing();
      requests.push({ path: new URL(request.url()).pathname, end: timing.startTime + timing.responseEnd });
    });
    await page.addInitScript(observePage);
    await page.goto(await host.url);
    await page.getByRole('button', { name: 'Choose catalog files…' }).waitFor();
    const file = catalogFile(spec, work);
    for (let n = 1; n <= Number(values.drops); n++) {
      await page.waitForTimeout(Number(values.idle));
      requests = [];
      const load = loadavg()[0];
      const cpuBefore = cpuNow(host.child.pid);
      // --threads: every thread's CPU at the drop and every 20 ms after, split later at the `finished` mark.
      const samples = [];
      const sample = () => samples.push({ at: Date.now(), times: browserThreadTimes(host.child.pid) });
      if (values.threads) sample();
      const sampler = values.threads ? setInterval(sample, 20) : null;
      const dropped = await drop(page, file);
      await page.waitForFunction(() => window.__resultOnScreen.marks.shown !== undefined || document.querySelector('.failure') !== null, null, {
        timeout: Number(values.timeout) * 1000,
        polling: 100,
      });
      const cpuAfter = cpuNow(host.child.pid);
      const cpu = { host: cpuAfter.host - cpuBefore.host, browser: cpuAfter.browser - cpuBefore.browser };
      const marks = await page.evaluate(() => window.__resultOnScreen.marks);
      if (sampler) {
        clearInterval(sampler);
        sample();
        const finishedAt = dropped + (marks.finished ?? 0);
        const atFinish = samples.filter((entry) => entry.at <= finishedAt).at(-1) ?? samples[0];
        const during = threadDelta(samples[0].times, atFinish.times);
        const after = threadDelta(atFinish.times, samples.at(-1).times);
        const rows = Object.keys({ ...during, ...after })
          .map((key) => [key, during[key] ?? 0, after[key] ?? 0])
          .filter(([, a, b]) => a + b >= 5)
          .sort((x, y) => y[1] + y[2] - x[1] - x[2]);
        console.log(
          `threads (CPU ms; drop → finished, ${Math.round(atFinish.at - dropped)} ms | finished → end, ${Math.round(samples.at(-1).at - atFinish.at)} ms):`,
        );
        for (const [key, a, b] of rows) console.log(`  ${key.padEnd(40)} ${String(Math.round(a)).padStart(6)} ${String(Math.round(b)).padStart(6)}`);
      }
      if (marks.shown === undefined) throw new Error(`${spec}: no result on screen (${await page.locator('.failure').first().textContent()})`);
      const answered = (path) => {
        const found = requests.filter((request) => request.path === path && request.end >= dropped);
        return found.length > 0 ? found[0].end - dropped : undefined;
      };
      drops.push({
        ...marks,
        upload: answered('/api/catalog:analyze'),
        report: answered('/api/catalog:lint'),
        diffBytes: answered('/api/catalog:diff'),
        // From the drop until the result was seen (polled every 100 ms, so up to that much past it).
        hostCpu: cpu.host,
        browserCpu: cpu.browser,
        load,
      });
      // The next drop replaces the result on screen; close it so the marks start afresh.
      if (n < Number(values.drops)) await page.reload().then(() => page.getByRole('button', { name: 'Choose catalog files…' }).waitFor());
    }
  } finally {
    await browser.close();
    host.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
  return drops;
}

const median = (list) => {
  const sorted = list.filter((value) => value !== undefined).sort((a, b) => a - b);
  return sorted.length === 0 ? undefined : sorted[Math.floor((sorted.length - 1) / 2)];
};
const ms = (value) => (value === undefined ? '–' : String(Math.round(value)));

const builds = values.out.map((out) => prepareOut(out));
const results = [];
try {
  for (const spec of values.catalog) {
    for (let run = 1; run <= Number(values.runs); run++) {
      // Interleaved: each build in turn on the same catalog, so machine load hits them alike.
      for (const build of builds) {
        const drops = await measure(build, spec);
        drops.forEach((phases, index) => {
          results.push({ build: relative(root, build) || build, catalog: spec, run, drop: index + 1, ...phases });
          console.log(
            `${(relative(root, build) || build).padEnd(20)} ${spec.padEnd(20)} run ${run} drop ${index + 1}: ` +
              PHASES.map((phase) => `${phase} ${ms(phases[phase])}`).join(', ') +
              ` (load ${phases.load.toFixed(1)})`,
          );
        });
      }
    }
  }
  console.log(`\nmedians (ms after the drop; ${values.runs} runs, load average ${loadavg()[0].toFixed(1)} now):`);
  for (const spec of values.catalog)
    for (const build of builds)
      for (let drop = 1; drop <= Number(values.drops); drop++) {
        const name = relative(root, build) || build;
        const runs = results.filter((result) => result.build === name && result.catalog === spec && result.drop === drop);
        console.log(
          `${name.padEnd(20)} ${spec.padEnd(20)} drop ${drop}: ` +
            PHASES.map((phase) => `${phase} ${ms(median(runs.map((result) => result[phase])))}`).join(', ') +
            ` (load ${median(runs.map((result) => result.load)).toFixed(1)})`,
        );
      }
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (process.env.CAVEMAN_JSON) writeFileSync(process.env.CAVEMAN_JSON, JSON.stringify(results, null, 2));
