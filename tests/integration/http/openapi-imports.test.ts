import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it, vi } from 'vitest';
import { GET as importReportRoute } from '@/app/api/imports/[id]/route';
import { GET as importListRoute, POST as importRoute } from '@/app/api/imports/route';
import { GET as openApiRoute } from '@/app/api/openapi.json/route';
import { createApiToken } from '@/lib/users/api-tokens';
import { callRoute } from '../../helpers/call-route';
import { createActor } from '../../helpers/factories';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

const ROOT = path.resolve(import.meta.dirname, '../../..');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(ROOT, 'tests/fixtures/import', name)));

type OpenApiDoc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
};

async function openApi(): Promise<OpenApiDoc> {
  const res = await callRoute(openApiRoute, '/api/openapi.json');
  expect(res.status).toBe(200);
  return res.json();
}

/** Every route handler under app/api as an OpenAPI path ([name] → {name}) with the methods its file exports. */
function routeHandlers(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'route.ts') {
        const apiPath =
          '/' +
          path
            .relative(path.join(ROOT, 'app'), dir)
            .split(path.sep)
            .join('/')
            .replace(/\[(\w+)\]/g, '{$1}');
        const methods = [
          ...readFileSync(full, 'utf8').matchAll(/export (?:const|async function) (GET|POST|PUT|PATCH|DELETE)\b/g),
        ].map((m) => m[1].toLowerCase());
        out.set(apiPath, methods);
      }
    }
  };
  walk(path.join(ROOT, 'app/api'));
  // The OTLP receiver lives at /v1/traces, where exporters append it to their endpoint.
  walk(path.join(ROOT, 'app/v1'));
  return out;
}

/** Validates `body` against what the document promises for `method path` answering `status` (JSON Schema 2020-12, as OpenAPI 3.1). */
function validateAgainstDocument(
  doc: OpenApiDoc,
  method: string,
  apiPath: string,
  status: number,
  body: unknown,
): string[] {
  const schema = doc.paths[apiPath]?.[method]?.responses[String(status)]?.content?.['application/json']?.schema;
  expect(schema, `${method} ${apiPath} ${status} in the document`).toBeDefined();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ ...doc, $id: 'openapi.json' });
  const validate = ajv.compile({
    $ref: `openapi.json#/paths/${apiPath.replaceAll('/', '~1')}/${method}/responses/${status}/content/application~1json/schema`,
  });
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

describe('the OpenAPI document', () => {
  it('names only routes that exist, with the methods their handlers export', async () => {
    const handlers = routeHandlers();
    for (const [apiPath, operations] of Object.entries((await openApi()).paths)) {
      for (const method of Object.keys(operations))
        expect(handlers.get(apiPath) ?? [], `${method.toUpperCase()} ${apiPath}`).toContain(method);
    }
  });

  it('describes the import API an import script calls: upload, past imports and one report', async () => {
    const doc = await openApi();
    expect(Object.keys(doc.paths['/api/imports'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/api/imports/{id}'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/imports'].post.responses)).toEqual(
      expect.arrayContaining(['200', '413', '401', '403']),
    );
  });

  it('promises exactly what an import through the API answers: reports with located problems, the list and one report', async () => {
    const doc = await openApi();
    const researcher = await createActor('RESEARCHER');
    const { token } = await createApiToken(await createActor('ADMIN'), {
      name: 'openapi-import',
      role: 'RESEARCHER',
      userId: researcher.userId,
    });

    const upload = await callRoute(importRoute, '/api/imports?fileName=malformed.jsonl&format=native', {
      token,
      body: fixture('native-malformed.jsonl'),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(upload.status).toBe(200);
    const uploaded = await upload.json();
    expect(uploaded.reports[0].errors.length).toBeGreaterThan(0); // the located problems are part of what is checked
    expect(validateAgainstDocument(doc, 'post', '/api/imports', 200, uploaded)).toEqual([]);

    const list = await (await callRoute(importListRoute, '/api/imports?pageSize=5', { token })).json();
    expect(list.items.length).toBeGreaterThan(0);
    expect(validateAgainstDocument(doc, 'get', '/api/imports', 200, list)).toEqual([]);

    const id = uploaded.reports[0].id;
    const report = await (await callRoute(importReportRoute, `/api/imports/${id}`, { token, params: { id } })).json();
    expect(validateAgainstDocument(doc, 'get', '/api/imports/{id}', 200, report)).toEqual([]);
    // …and the check bites: a report missing a promised field does not pass.
    const { taskCount: _dropped, ...withoutTaskCount } = report;
    expect(validateAgainstDocument(doc, 'get', '/api/imports/{id}', 200, withoutTaskCount)).toEqual([
      expect.stringContaining('taskCount'),
    ]);
  });
});
