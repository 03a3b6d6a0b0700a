import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat } from '@/lib/import/adapters/detect';
import { tau1Context } from '@/lib/import/adapters/tau1';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/import');
const head = (f: string) => readFileSync(path.join(FIXTURES, f), 'utf8').slice(0, 64 * 1024);

describe('import format detection', () => {
  it('recognises each fixture format from its first bytes', () => {
    expect(detectFormat(head('native-valid.jsonl'))).toBe('native');
    expect(detectFormat(head('native-malformed.jsonl'))).toBe('native');
    expect(detectFormat(head('tau2-bakery.json'))).toBe('tau2');
    expect(detectFormat(head('wren-mini-retail.json'))).toBe('tau1');
  });

  it('tolerates a byte-order mark and leading whitespace', () => {
    expect(detectFormat(`\uFEFF  \n${head('native-valid.jsonl')}`)).toBe('native');
  });

  it('falls back to the .jsonl extension and gives up on anything else', () => {
    expect(detectFormat('{"format":"other"}\n', 'run.jsonl')).toBe('native');
    expect(detectFormat('{"hello":1}', 'data.json')).toBeNull();
    expect(detectFormat('id,reward\n1,0', 'outcomes.csv')).toBeNull();
    expect(detectFormat('[1,2,3]')).toBeNull();
  });

  it('still recognises native JSONL when its first line is broken, so the valid lines after it are imported', () => {
    const valid = head('native-valid.jsonl');
    expect(detectFormat(`oops, not JSON\n${valid}`, 'upload.json')).toBe('native');
    expect(detectFormat(`{"format":"trajectory.v1","task":{"id":"cut off\n${valid}`, 'upload.json')).toBe('native');
    expect(detectFormat('oops, not JSON\n{"format":"other"}\n', 'run.jsonl')).toBe('native');
    expect(detectFormat('oops, not JSON\n{"hello":1}\n', 'data.json')).toBeNull();
  });

  it('reads τ-bench model and domain from the file name unless given', () => {
    expect(tau1Context({ fileName: '/x/gpt-4o-airline.tasks0-9.json' })).toEqual({ domain: 'airline', model: 'gpt-4o' });
    expect(tau1Context({ fileName: 'sonnet-35-new-retail.json' })).toEqual({ domain: 'retail', model: 'sonnet-35-new' });
    expect(tau1Context({ fileName: 'results.json', model: 'm', domain: 'retail' })).toEqual({ domain: 'retail', model: 'm' });
    expect(tau1Context({ fileName: 'results.json' })).toEqual({ domain: undefined, model: undefined });
  });
});
