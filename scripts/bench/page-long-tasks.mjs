// Does the page freeze on a large catalog? Starts the built browser host,
// opens it in Chromium with a long-task observer installed before the app
// loads, opens a catalog the way a person does (the Open… button and the
// browser's file picker), and records every change of the progress bar until
// the result is on screen (summary, a table row, diff lines). Prints per
// catalog (CAVEMAN_SHOW_TASKS=1 / CAVEMAN_SHOW_PROGRESS=1 print every long
// task / progress change): the longest task, tasks over 200 ms, the largest
// gap between progress changes (any progress bar's text: the job's, then the result's
// loading bars) while the job runs and while its result loads, the time
// from the job finishing (its row leaving the list) to the result on screen,
// and the time to the rendered result. On a busy machine a task's wall time
// stretches with the load, so the longest task's CPU time (from a Chrome
// trace of the same run) is printed beside it. CAVEMAN_JSON=file writes every
// measurement.
//
//   npm run build && node scripts/bench/page-long-tasks.mjs
//     [--out out --out /tmp/out-before]   builds to compare, run interleaved
//     [--catalog 8 --catalog 32 --catalog github-mcp-server.json]
//     [--runs 1] [--screenshots test-results/page-long-tasks]
//     [--progress-shots test-results/page-long-tasks]   a separate run per
//       build and catalog that photographs the job's bar half way and the
//       result's loading state (the photographing slows the page: not timed)
//
// A bare number is a generated catalog of that many MiB
// (generate-catalog.mjs); a file name is one of test/fixtures/shared/real/.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { catalogFile as catalogIn, launchChromium, prepareOut, root, startHost } from './page-host.mjs';

const { values } = parseArgs({
  options: {
    out: { type: 'string', multiple: true, default: ['out'] },
    catalog: { type: 'string', multiple: true, default: ['8', '32', 'github-mcp-server.json'] },
    runs: { type: 'string', default: '1' },
    screenshots: { type: 'string' },
    'progress-shots': { type: 'string' },
    timeout: { type: 'string', default: '300' },
  },
});
const LONG = 200;
const SETTLE_MS = 1000;

const work = mkdtempSync(join(tmpdir(), 'caveman-page-long-tasks-'));
const catalogFile = (spec) => catalogIn(spec, work);

// Runs in the page before the app: long tasks, progress changes and the moment the result shows.
function observePage(settleMs) {
  const record = { longTasks: [], progress: [], picked: null, jobSeen: false, jobDone: null, rendered: null };
  window.__pageLongTasks = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener(
    'change',
    (event) => {
      if (event.target instanceof HTMLInputElement && event.target.type === 'file' && record.picked === null) record.picked = performance.now();
    },
    true,
  );
  let last = '';
  const progressText = () => Array.from(document.querySelectorAll('[role="progressbar"]'), (bar) => bar.getAttribute('aria-valuetext') ?? '').join(' | ');
  const shown = () => {
    const host = document.querySelector('.merge-host');
    return (
      document.querySelector('section.summary') !== null &&
      document.querySelector('.tool-table tr.tool-row') !== null &&
      host?.shadowRoot?.querySelector('.cm-merge-a .cm-line') != null &&
      host.shadowRoot.querySelector('.cm-merge-b .cm-line') != null
    );
  };
  // Checked on every frame the page gets to paint: a blocked page paints nothing and reports late.
  const frame = () => {
    const now = performance.now();
    const text = progressText();
    if (text !== last && text !== '') record.progress.push({ at: now, text });
    last = text;
    // The job has finished when its row (and bar) leaves the running jobs' list.
    const jobBar = document.querySelector('.job-list [role="progressbar"]') !== null;
    if (jobBar) record.jobSeen = true;
    else if (record.jobSeen && record.jobDone === null) record.jobDone = now;
    if (record.picked !== null && record.rendered === null && shown()) record.rendered = now;
    if (record.rendered === null || now - record.rendered < settleMs) requestAnimationFrame(frame);
    else record.settled = true;
  };
  requestAnimationFrame(frame);
}

/** CPU milliseconds of the page's main-thread tasks in a Chrome trace. */
function mainThreadTaskCpu(tracePath) {
  const events = JSON.parse(readFileSync(tracePath, 'utf8')).traceEvents;
  const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  return events.filter((e) => e.name === 'RunTask' && main.has(`${e.pid}:${e.tid}`) && e.tdur !== undefined).map((e) => e.tdur / 1000);
}

async function measure(outDir, spec, run) {
  const dir = mkdtempSync(join(work, 'run-'));
  const host = startHost(outDir, join(dir, 'ccr.db'));
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(observePage, SETTLE_MS);
    await page.goto(await host.url);
    const file = catalogFile(spec);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose catalog files…' }).click()]);
    const tracePath = join(dir, 'trace.json');
    await browser.startTracing(page, { path: tracePath, categories: ['disabled-by-default-devtools.timeline'] });
    await chooser.setFiles(file);
    await page.waitForFunction(() => window.__pageLongTasks.settled === true || document.querySelector('.failure') !== null, null, {
      timeout: Number(values.timeout) * 1000,
      polling: 250,
    });
    const record = await page.evaluate(() => window.__pageLongTasks);
    const fetches = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => [
          entry.name.replace(location.origin, ''),
          Math.round(entry.startTime),
          Math.round(entry.responseStart),
          Math.round(entry.responseEnd),
          entry.transferSize,
        ]),
    );
    await browser.stopTracing();
    const cpu = mainThreadTaskCpu(tracePath);
    if (record.rendered === null) throw new Error(`${spec}: no result on screen (${await page.locator('.failure').first().textContent()})`);
    if (values.screenshots) {
      mkdirSync(resolve(root, values.screenshots), { recursive: true });
      await page.screenshot({ path: resolve(root, values.screenshots, `${basename(outDir)}-${basename(spec, '.json')}-${run}.png`) });
    }
    const from = record.picked;
    const until = record.rendered + SETTLE_MS;
    const tasks = record.longTasks.filter((task) => task.start + task.duration >= from && task.start <= until);
    // A result shown before a job row was ever painted (a tiny catalog): the job "finished" when the result showed.
    const jobDone = record.jobDone ?? record.rendered;
    const changes = record.progress.filter((change) => change.at >= from && change.at <= record.rendered);
    /** The largest gap between progress changes from `start` to `end` (both count as changes), and the text before it. */
    const largestGap = (start, end, what) => {
      const times = [start, ...changes.filter((change) => change.at > start && change.at < end).map((change) => change.at), end];
      let gap = 0;
      let after = what;
      for (let i = 1; i < times.length; i++) {
        if (times[i] - times[i - 1] <= gap) continue;
        gap = times[i] - times[i - 1];
        after = changes.find((change) => change.at === times[i - 1])?.text ?? what;
      }
      return { gap, after };
    };
    const job = largestGap(from, jobDone, 'the pick');
    const load = largestGap(jobDone, record.rendered, 'the job finishing');
    const overall = job.gap >= load.gap ? job : load;
    return {
      build: outDir,
      catalog: spec,
      run,
      longestTask: Math.max(0, ...tasks.map((task) => task.duration)),
      longestTaskCpu: Math.max(0, ...cpu),
      over200Cpu: cpu.filter((ms) => ms > LONG).length,
      over200: tasks.filter((task) => task.duration > LONG).length,
      longTaskMs: tasks.reduce((sum, task) => sum + task.duration, 0),
      progressChanges: changes.length,
      largestGap: overall.gap,
      gapAfter: overall.after,
      largestJobGap: job.gap,
      jobGapAfter: job.after,
      largestLoadGap: load.gap,
      loadGapAfter: load.after,
      loadProgressChanges: changes.filter((change) => change.at > jobDone).length,
      jobFinished: jobDone - from,
      loadingResult: record.rendered - jobDone,
      toRendered: record.rendered - from,
      tasks: tasks.map((task) => [Math.round(task.start - from), Math.round(task.duration)]),
      progress: record.progress.filter((change) => change.at >= from).map((change) => [Math.round(change.at - from), change.text]),
      fetches: fetches
        .filter(([, start]) => start >= from)
        .map(([name, start, firstByte, end, bytes]) => [name, start - Math.round(from), firstByte - Math.round(from), end - Math.round(from), bytes]),
      errors,
    };
  } finally {
    await browser.close();
    host.child.kill('SIGTERM');
  }
}

/** Photographs the progress states of one catalog's job and result load (a separate, untimed run). */
async function photographProgress(outDir, spec) {
  const dir = mkdtempSync(join(work, 'shots-'));
  const host = startHost(outDir, join(dir, 'ccr.db'));
  const browser = await launchChromium();
  const shots = resolve(root, values['progress-shots']);
  mkdirSync(shots, { recursive: true });
  const name = (state) => join(shots, `${basename(outDir)}-${basename(spec, '.json')}-${state}.png`);
  const taken = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(await host.url);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose catalog files…' }).click()]);
    await chooser.setFiles(catalogFile(spec));
    const shoot = async (state, predicate, arg, passed = async () => 0) => {
      try {
        await page.waitForFunction(predicate, arg, { timeout: Number(values.timeout) * 1000, polling: 'raf' });
        if ((await passed()) > 0) return;
        await page.screenshot({ path: name(state) });
        taken.push(relative(root, name(state)));
      } catch (error) {
        // That state passed too quickly to catch (or this build has no such state).
        if (process.env.CAVEMAN_SHOW_PROGRESS) console.log(`  no ${state} photograph: ${error.message.split('\n')[0]}`);
      }
    };
    // The job's bar past half way.
    await shoot('job', () => Number(document.querySelector('.job-list [role="progressbar"]')?.getAttribute('aria-valuenow') ?? -1) >= 50);
    // The result loading: its bytes arriving, then being prepared (a build without loading bars: its spinners).
    // (Functions, not strings: the page's CSP forbids evaluating strings.)
    const diffBar = '[role="progressbar"][aria-label="Loading the diff"]';
    await shoot(
      'loading',
      (bar) =>
        document.querySelector(bar)
          ? /Receiving/.test(document.querySelector(bar).getAttribute('aria-valuetext'))
          : document.querySelector('.diff-panel .spinner') !== null,
      diffBar,
    );
    // Or the result, when that state passed (or this build has none): then no photograph.
    await shoot(
      'unpacking',
      (bar) => /Unpacking/.test(document.querySelector(bar)?.getAttribute('aria-valuetext') ?? '') || document.querySelector('.merge-host') !== null,
      diffBar,
      () => page.locator('.merge-host').count(),
    );
    await shoot('result', () => document.querySelector('.merge-host') !== null && document.querySelector('.tool-table tr.tool-row') !== null);
  } finally {
    await browser.close();
    host.child.kill('SIGTERM');
  }
  return taken;
}

const builds = values.out.map(prepareOut);
const results = [];
try {
  for (const spec of values.catalog) {
    for (let run = 1; run <= Number(values.runs); run++) {
      // Interleaved: each build in turn on the same catalog, so machine load hits them alike.
      for (const build of builds) {
        const result = await measure(build, spec, run);
        results.push(result);
        const name = relative(root, build) || build;
        console.log(
          `${name.padEnd(22)} ${spec.padEnd(24)} run ${run}: longest task ${Math.round(result.longestTask)} ms, ` +
            `${result.over200} over ${LONG} ms (${Math.round(result.longTaskMs)} ms in long tasks); ` +
            `CPU of the longest ${Math.round(result.longestTaskCpu)} ms, ${result.over200Cpu} over ${LONG} ms; ` +
            `largest progress gap ${Math.round(result.largestGap)} ms (after "${result.gapAfter}", ${result.progressChanges} changes); ` +
            `while the job ran ${Math.round(result.largestJobGap)} ms (after "${result.jobGapAfter}"); ` +
            `job finished → result on screen ${Math.round(result.loadingResult)} ms, its largest gap ` +
            `${Math.round(result.largestLoadGap)} ms (after "${result.loadGapAfter}", ${result.loadProgressChanges} ` +
            `changes); ` +
            `rendered after ${(result.toRendered / 1000).toFixed(2)} s`,
        );
        if (process.env.CAVEMAN_SHOW_TASKS) console.log(`  long tasks [start ms after the pick, duration ms]: ${JSON.stringify(result.tasks)}`);
        if (process.env.CAVEMAN_SHOW_PROGRESS) {
          console.log(`  progress [ms after the pick, text]: ${JSON.stringify(result.progress)}`);
          console.log(`  requests [path, start, first byte, end (ms after the pick), bytes]: ${JSON.stringify(result.fetches)}`);
          console.log(`  job finished at ${Math.round(result.jobFinished)} ms, rendered at ${Math.round(result.toRendered)} ms after the pick`);
        }
        if (result.errors.length > 0) console.log(`  page errors: ${result.errors.join('; ')}`);
      }
    }
  }
  if (values['progress-shots']) {
    for (const spec of values.catalog)
      for (const build of builds)
        console.log(`progress photographs of ${relative(root, build) || build} on ${spec}: ${(await photographProgress(build, spec)).join(', ') || 'none'}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (process.env.CAVEMAN_JSON) writeFileSync(process.env.CAVEMAN_JSON, JSON.stringify(results, null, 2));
