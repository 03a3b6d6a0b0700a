import { randomBytes } from 'node:crypto';
import { context, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { expect, test } from '@playwright/test';
import { newToken } from '@/lib/auth/tokens';
import { disconnectDatabase } from '@/lib/db/disconnect';
import { prisma } from '@/lib/db/prisma';
import { loginAs } from './helpers';

test.afterAll(() => disconnectDatabase());

test('the Imports page shows OTLP ingestion per token, updated live while an exporter sends', async ({
  page,
  baseURL,
}) => {
  const tag = randomBytes(3).toString('hex');
  const name = `agent exporter ${tag}`;
  const researcher = await prisma.user.findUniqueOrThrow({ where: { email: 'researcher@demo.local' } });
  const { token, hash } = newToken('mct');
  await prisma.apiToken.create({
    data: { name, role: 'RESEARCHER', userId: researcher.id, tokenHash: hash, prefix: token.slice(0, 10) },
  });

  await loginAs(page, 'researcher@demo.local');
  const stream = page.waitForResponse((r) => r.url().includes('/api/live?') && r.status() === 200);
  await page.goto('/imports');
  await stream;
  const table = page.getByTestId('otlp-ingestion');
  await expect(table.getByRole('heading', { name: 'Traces from instrumented agents (OTLP)' })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(0);

  // The stock SDK and protobuf exporter, as an instrumented agent would send.
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': `e2e-agent-${tag}` }),
    spanProcessors: [
      new SimpleSpanProcessor(
        new OTLPTraceExporter({ url: `${baseURL}/v1/traces`, headers: { Authorization: `Bearer ${token}` } }),
      ),
    ],
  });
  const tracer = provider.getTracer('e2e');
  const runAgent = async (task: string) => {
    const root = tracer.startSpan('invoke_agent', { attributes: { 'memory_console.task.id': task } });
    const child = tracer.startSpan(
      'execute_tool lookup',
      {
        attributes: {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': 'lookup',
          'gen_ai.tool.call.result': 'found',
        },
      },
      trace.setSpan(context.active(), root),
    );
    child.end();
    root.end();
    await provider.forceFlush();
  };

  await runAgent(`e2e-otlp-${tag}-1`);
  // No reload: the row appears from the live push.
  await expect(row.getByTestId('otlp-spans-accepted')).toHaveText('2');
  await expect(row.getByTestId('otlp-built')).toHaveText('1');

  await runAgent(`e2e-otlp-${tag}-2`);
  await expect(row.getByTestId('otlp-spans-accepted')).toHaveText('4');
  await expect(row.getByTestId('otlp-traces')).toHaveText('2');
  await expect(row.getByTestId('otlp-built')).toHaveText('2');

  // A span the receiver cannot use is counted with its reason.
  const res = await fetch(`${baseURL}/v1/traces`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: 'abc', name: 'bad' }] }] }] }),
  });
  expect(res.status).toBe(200);
  await expect(row.getByTestId('otlp-spans-rejected')).toHaveText('1');
  await expect(row).toContainText('traceId must be 16 bytes');
  await provider.shutdown();
});
