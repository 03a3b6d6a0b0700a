import http from 'node:http';
import type { Role } from '@prisma/client';
import { NextRequest } from 'next/server';
import { traceBuildsIdle } from '@/lib/otlp/build-pending-traces';
import { createApiToken } from '@/lib/users/api-tokens';
import { POST } from '@/app/v1/traces/route';
import { createActor, createUser } from './factories';
import { testRequest } from './next-headers-mock';
import { listenOnLoopback } from './loopback-server';

/**
 * The OTLP receiver's route handler behind a real HTTP server, so the stock OpenTelemetry exporters
 * send to it exactly as they would to the console (their headers, encodings, compression, retries).
 * Requests are handled one at a time, each answered once the background builds it started are done:
 * the handler reads its caller through next/headers, which the test mock takes from one current request. The test file must mock next/headers with
 * next-headers-mock.ts.
 */
export type OtlpReceiver = {
  url: string;
  /** Status and body of every answer, in order. */
  answers: { status: number; body: Buffer; headers: Headers }[];
  close: () => Promise<void>;
};

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const answers: OtlpReceiver['answers'] = [];
  let chain = Promise.resolve();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      chain = chain.then(async () => {
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
        headers.set('host', 'console.test');
        const request = new NextRequest(`http://console.test${req.url}`, {
          method: req.method,
          headers,
          body: new Uint8Array(Buffer.concat(chunks)),
        });
        testRequest.current = request;
        const answer = await POST(request, { params: Promise.resolve({}) });
        const body = Buffer.from(await answer.arrayBuffer());
        // The receiver answers before it builds; the exporter is answered once the builds it started are
        // done, so a test reads the trajectory as soon as its spans are flushed.
        await traceBuildsIdle();
        answers.push({ status: answer.status, body, headers: answer.headers });
        res.writeHead(answer.status, Object.fromEntries(answer.headers.entries())).end(body);
      });
    });
  });
  const { port, close } = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}/v1/traces`,
    answers,
    close,
  };
}

/** An API token acting with `role`, made by an admin the way the tokens page makes one. */
export async function otlpToken(
  role: Role = 'RESEARCHER',
  name = 'agent exporter',
): Promise<{ id: string; token: string }> {
  const admin = await createActor('ADMIN');
  const owner = await createUser(role);
  return createApiToken(admin, { name, role, userId: owner.id });
}
