// Measuring the Servers view's servers: each one listed on the mcp worker
// (it is started, under the host's start rules) and its listing measured
// at every level, as a job with a job id, progress and a result sent as
// events. Measure all runs them one after another, so two servers never
// compete for the two cores; a project file's servers start only once the
// person confirmed their commands, asked once for all of them.

import { randomUUID } from 'node:crypto';
import type { JobStarted, ServerMeasureAllStarted } from '../../shared/contracts';
import { asCavemanError, throwIfAborted } from '../../shared/errors';
import type { TokenizerName } from '../../shared/tokenizers';
import type { WorkerClient } from '../workers/worker-client';
import type { LocationEnv } from '../mcp/import/config-locations';
import type { DiscoveredServer } from '../mcp/import/discover-servers';
import { measurable, targetOfDiscovered } from '../mcp/import/discovered-target';
import { DEFAULT_LIST_TIMEOUT_MS } from '../mcp/import/list-timeout';
import { approveStarts, startRequestOf, type StartPolicy, type StartRequest } from '../mcp/import/start-approval';
import type { CallContext } from './dispatch';

export interface ServerMeasuringDeps {
  worker: Pick<WorkerClient, 'call'>;
  where: () => LocationEnv;
  policy: StartPolicy;
}

interface Planned {
  server: DiscoveredServer;
  start: StartRequest;
  jobId: string;
  controller: AbortController;
}

export interface ServerMeasuring {
  /** Starts measuring one server; rejects (starting nothing) when the start rules refuse it or the person declines. */
  measure(server: DiscoveredServer, tokenizer: TokenizerName, context: CallContext): Promise<JobStarted>;
  /** Measures every server that can start, in order; a refused or declined start is that server's failed result. */
  measureAll(servers: readonly DiscoveredServer[], tokenizer: TokenizerName, context: CallContext): Promise<ServerMeasureAllStarted>;
  cancel(jobId: string): boolean;
  idle(): Promise<void>;
}

export function createServerMeasuring(deps: ServerMeasuringDeps): ServerMeasuring {
  const measuring = new Map<string, AbortController>();
  const running = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
  };

  const plan = (server: DiscoveredServer): Planned => {
    const env = deps.where();
    const start = startRequestOf(server, targetOfDiscovered(server, { env: env.env, home: env.home }));
    const planned = { server, start, jobId: randomUUID(), controller: new AbortController() };
    measuring.set(planned.jobId, planned.controller);
    return planned;
  };

  const run = async ({ server, start, jobId, controller }: Planned, tokenizer: TokenizerName, context: CallContext): Promise<void> => {
    const progress = (stage: 'listing' | 'measuring', fraction: number) => context.emit('serverProgress', { jobId, serverId: server.id, stage, fraction });
    try {
      throwIfAborted(controller.signal);
      progress('listing', 0);
      const listed = await deps.worker.call(
        'listMcpTools',
        { target: start.target, timeoutMs: DEFAULT_LIST_TIMEOUT_MS, name: nameOf(server) },
        { signal: controller.signal, onProgress: (_stage, fraction) => progress('listing', fraction) },
      );
      throwIfAborted(controller.signal);
      progress('measuring', 0);
      const costs = await deps.worker.call(
        'measureListing',
        { bytes: listed.bytes, tokenizer },
        { signal: controller.signal, transfer: [listed.bytes.buffer as ArrayBuffer], onProgress: (_stage, fraction) => progress('measuring', fraction) },
      );
      context.emit('serverMeasured', { jobId, serverId: server.id, outcome: { ok: true, costs } });
    } catch (error) {
      failed(jobId, server, error, context);
    } finally {
      measuring.delete(jobId);
    }
  };

  const failed = (jobId: string, server: DiscoveredServer, error: unknown, context: CallContext) =>
    context.emit('serverMeasured', { jobId, serverId: server.id, outcome: { ok: false, error: asCavemanError(error).toValue() } });

  return {
    async measure(server, tokenizer, context) {
      const planned = plan(server);
      try {
        await approveStarts([planned.start], deps.policy);
      } catch (error) {
        measuring.delete(planned.jobId);
        throw error;
      }
      track(run(planned, tokenizer, context));
      return { jobId: planned.jobId, name: nameOf(server) };
    },

    async measureAll(servers, tokenizer, context) {
      const planned = servers.filter(measurable).map(plan);
      const asked = planned.filter((each) => each.start.origin !== 'discovered');
      // Asked before anything starts, once for every project file's server; a refusal or a "no" is their result.
      const refusal = await approveStarts(
        asked.map((each) => each.start),
        deps.policy,
      ).then(
        () => undefined,
        (error: unknown) => error,
      );
      const work = (async () => {
        for (const each of planned) {
          if (refusal !== undefined && asked.includes(each)) {
            measuring.delete(each.jobId);
            failed(each.jobId, each.server, refusal, context);
          } else {
            await run(each, tokenizer, context);
          }
        }
      })();
      track(work);
      return { jobs: planned.map((each) => ({ serverId: each.server.id, jobId: each.jobId })) };
    },

    cancel(jobId) {
      const controller = measuring.get(jobId);
      controller?.abort();
      return controller !== undefined;
    },

    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

function nameOf(server: DiscoveredServer): string {
  return `mcp:${server.name}`.slice(0, 255);
}
