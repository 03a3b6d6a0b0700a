import { context, trace, type Attributes, type Span, type Tracer } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeTracerProvider, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-node';
import { prisma } from '@/lib/db/prisma';
import { trajectoryIdOf } from '@/lib/otlp/spans-to-record';

/**
 * The stock OpenTelemetry Node SDK sending through `exporter` (each span exported as it ends, as a
 * SimpleSpanProcessor does: a trace arrives over several requests, children before their root).
 */
export function tracingSdk(exporter: SpanExporter, resource: Attributes = { 'service.name': 'weather-agent' }) {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes(resource),
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  return { provider, tracer: provider.getTracer('console-tests', '1.0.0') };
}

/** Starts and ends a child span of `parent` (explicit context: no global context manager needed). */
export function childSpan(
  tracer: Tracer,
  parent: Span,
  name: string,
  attributes: Attributes,
  fn?: (s: Span) => void,
  at?: { start: number; end: number },
) {
  const span = tracer.startSpan(name, { attributes, startTime: at?.start }, trace.setSpan(context.active(), parent));
  fn?.(span);
  span.end(at?.end);
  return span;
}

/** The trajectory a trace became, with its events in order (null when none was written). */
export async function trajectoryOfTrace(traceId: string) {
  return prisma.trajectory.findUnique({
    where: { externalId: trajectoryIdOf(traceId) },
    include: { events: { orderBy: { position: 'asc' } }, task: true, policy: true },
  });
}
