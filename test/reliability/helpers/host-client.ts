// A page's view of the browser host, without a browser: the event stream
// (to learn the client id and receive job results) and catalog uploads, the
// way the renderer's HTTP client makes them.

import { request, type IncomingMessage } from 'node:http';

export interface FinishedJob {
  jobId: string;
  outcome: {
    ok: boolean;
    name: string;
    report?: { recovery_handle?: string; pass_through?: { reason: string }; error?: { code: string; message: string } };
    error?: { code: string; message: string };
    passThrough?: { reason: string };
  };
}

export interface HostSession {
  /** Posts `bytes` to catalog:analyze and resolves with the job's finished event. */
  analyze(name: string, bytes: Uint8Array): Promise<FinishedJob>;
  close(): void;
}

interface Target {
  port: number;
  token: string;
}

function post(target: Target, path: string, headers: Record<string, string>, body: Uint8Array): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const req = request(
      { host: '127.0.0.1', port: target.port, path, method: 'POST', headers: { ...headers, 'content-length': String(body.byteLength) }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

/** Opens the event stream and returns a session that can upload catalogs. */
export async function openHostSession(target: Target): Promise<HostSession> {
  const waiting = new Map<string, { done: (job: FinishedJob) => void; fail: (error: Error) => void }>();
  const early = new Map<string, FinishedJob>();
  let failure: Error | undefined;
  const failAll = (error: Error) => {
    failure ??= error;
    for (const waiter of waiting.values()) waiter.fail(error);
    waiting.clear();
  };
  const response = await new Promise<IncomingMessage>((done, fail) => {
    const req = request(
      { host: '127.0.0.1', port: target.port, path: '/api/events', method: 'GET', headers: { 'x-caveman-token': target.token }, agent: false },
      done,
    );
    req.on('error', fail);
    req.end();
  });
  if (response.statusCode !== 200) throw new Error(`the event stream answered ${response.statusCode}`);
  let clientId: string | undefined;
  const hello = new Promise<void>((done) => {
    let partial = '';
    response.setEncoding('utf8').on('data', (text: string) => {
      partial += text;
      let nl: number;
      while ((nl = partial.indexOf('\n')) >= 0) {
        const line = partial.slice(0, nl);
        partial = partial.slice(nl + 1);
        if (line.trim() === '') continue;
        const message = JSON.parse(line) as { event: string; clientId?: string; payload?: FinishedJob };
        if (message.event === 'hello') {
          clientId = message.clientId;
          done();
        } else if (message.event === 'jobFinished' && message.payload) {
          const waiter = waiting.get(message.payload.jobId);
          waiting.delete(message.payload.jobId);
          if (waiter) waiter.done(message.payload);
          else early.set(message.payload.jobId, message.payload);
        }
      }
    });
  });
  response.on('error', (error) => failAll(error));
  response.on('close', () => failAll(new Error('the event stream closed')));
  await hello;

  return {
    async analyze(name, bytes) {
      if (failure) throw failure;
      const started = await post(
        target,
        '/api/catalog:analyze',
        {
          'x-caveman-token': target.token,
          'x-caveman-client': clientId!,
          'content-type': 'application/octet-stream',
          'x-caveman-params': encodeURIComponent(JSON.stringify({ name, tokenizer: 'o200k_base' })),
        },
        bytes,
      );
      const answer = JSON.parse(started.text) as { ok: boolean; value?: { jobId: string }; message?: string };
      if (!answer.ok || !answer.value) throw new Error(`catalog:analyze answered ${started.status}: ${started.text}`);
      const { jobId } = answer.value;
      const known = early.get(jobId);
      if (known) return known;
      if (failure) throw failure;
      return new Promise<FinishedJob>((done, fail) => waiting.set(jobId, { done, fail }));
    },
    close() {
      failure ??= new Error('the session was closed');
      response.destroy();
    },
  };
}
