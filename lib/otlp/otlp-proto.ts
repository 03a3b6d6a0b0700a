import path from 'node:path';
import protobuf from 'protobufjs';

/**
 * The OTLP trace messages, loaded by protobufjs from the official definitions vendored in
 * vendor/opentelemetry-proto (opentelemetry-proto v1.7.0, see its README). Loaded once per process: parsing
 * the four files is a few milliseconds, decoding with the loaded types is what every request pays.
 */
const PROTO_ROOT = path.join(process.cwd(), 'vendor', 'opentelemetry-proto');
const SERVICE_FILE = 'opentelemetry/proto/collector/trace/v1/trace_service.proto';
const STATUS_FILE = 'google/rpc/status.proto';

type OtlpTypes = { request: protobuf.Type; response: protobuf.Type; status: protobuf.Type };
const globalForProto = globalThis as unknown as { __otlpTypes?: OtlpTypes };

export function otlpTypes(): OtlpTypes {
  if (globalForProto.__otlpTypes) return globalForProto.__otlpTypes;
  const root = new protobuf.Root();
  // Imports inside the files name paths from the repository root of opentelemetry-proto.
  root.resolvePath = (_origin, target) => (path.isAbsolute(target) ? target : path.join(PROTO_ROOT, target));
  root.loadSync([SERVICE_FILE, STATUS_FILE]);
  root.resolveAll();
  const types = {
    request: root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest'),
    response: root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse'),
    status: root.lookupType('google.rpc.Status'),
  };
  globalForProto.__otlpTypes = types;
  return types;
}

/** The request as plain objects: lowerCamelCase fields, 64-bit numbers as decimal strings, ids as bytes. */
export function decodeProtobufRequest(body: Uint8Array): unknown {
  const { request } = otlpTypes();
  const message = request.decode(body);
  return request.toObject(message, { longs: String, enums: Number, arrays: true, oneofs: false });
}

export type PartialSuccess = { rejectedSpans: number; errorMessage: string };

/** The ExportTraceServiceResponse in the request's encoding (the OTLP/HTTP rule). */
export function encodeResponse(partial: PartialSuccess | null, as: 'protobuf' | 'json'): Uint8Array | string {
  const body = partial ? { partialSuccess: partial } : {};
  if (as === 'json') return JSON.stringify(body);
  const { response } = otlpTypes();
  return response.encode(response.fromObject(body)).finish();
}

/** A google.rpc.Status: the body of an OTLP/HTTP error response, in the request's encoding. */
export function encodeStatus(status: { code: number; message: string }, as: 'protobuf' | 'json'): Uint8Array | string {
  if (as === 'json') return JSON.stringify({ code: status.code, message: status.message, details: [] });
  const { status: type } = otlpTypes();
  return type.encode(type.fromObject(status)).finish();
}
