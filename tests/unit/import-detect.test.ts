import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat } from '@/lib/import/adapters/detect';
import { tau1Context } from '@/lib/import/adapters/tau1';
import { contextFromFileName } from '@/lib/import/adapters/shared';
import { TAU2_DOMAINS } from '@/lib/import/adapters/tau2';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/import');
const head = (f: string) => readFileSync(path.join(FIXTURES, f), 'utf8').slice(0, 64 * 1024);

describe('import format detection', () => {
  it('recognises each fixture format from its first bytes', () => {
    expect(detectFormat(head('native-valid.jsonl'))).toBe('native');
    expect(detectFormat(head('native-malformed.jsonl'))).toBe('native');
    expect(detectFormat(head('tau2-bakery.json'))).toBe('tau2');
    expect(detectFormat(head('wren-mini-retail.json'))).toBe('tau1');
    expect(detectFormat(head('kestrel-small_telecom_default_user-sim_2trials.json'))).toBe('tau2');
    expect(detectFormat(head('tau2-empty-simulations.json'))).toBe('tau2');
    expect(detectFormat(head('inspect-cancelled.json'))).toBe('inspect');
    expect(detectFormat(head('atif-hand-edited.json'))).toBe('atif');
    expect(detectFormat(head('langfuse-kettle.json'))).toBe('langfuse');
  });

  it('tells an Inspect .eval zip by its entries, a single Langfuse trace and an ATIF file with a bare version', () => {
    expect(detectFormat('PK\u0003\u0004\u0014\u0000…_journal/start.json…', 'run.bin')).toBe('inspect');
    expect(detectFormat('PK\u0003\u0004\u0014\u0000…notes.txt…', 'run.eval')).toBe('inspect');
    expect(detectFormat('PK\u0003\u0004\u0014\u0000…notes.txt…', 'notes.zip')).toBeNull();
    expect(detectFormat('{"trace": {"id": "t"}, "observations": []}')).toBe('langfuse');
    expect(detectFormat('{"schema_version": "1.4", "session_id": "s", "steps": []}')).toBe('atif');
    // An Inspect log needs its eval and a run status: a τ²-bench file quoting "eval" stays τ²-bench.
    expect(detectFormat('{"version": 2, "status": "success", "eval": {"task": "t"}, "samples": []}')).toBe('inspect');
    expect(detectFormat('{"info": {"agent_info": {}}, "simulations": [{"eval": {"x": 1}}]}')).toBe('tau2');
  });

  it('recognises checkpoint results JSONL (checkpoints.v1) by its first line, even in a .jsonl file', () => {
    const line = '{"format": "checkpoints.v1", "trace_id": "abc", "id": "c0", "passed": false}\n';
    expect(detectFormat(line, 'results.jsonl')).toBe('checkpoints');
    expect(detectFormat(`{"format":"trajectory.v1","task":{}}\n${line}`, 'runs.jsonl')).toBe('native');
  });

  it('tells a bare τ²-bench list of simulations from a τ-bench list by the record key that comes first', () => {
    expect(detectFormat('[{"id":"s1","task_id":"3","termination_reason":"user_stop","messages":[]}]')).toBe('tau2');
    // τ-bench records nest a reward_info too; their own key is traj.
    expect(
      detectFormat(
        '[{"task_id":3,"reward":1,"info":{"reward_info":{}},"traj":[{"role":"user","content":"\\"messages\\": none"}]}]',
      ),
    ).toBe('tau1');
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
    expect(tau1Context({ fileName: '/x/gpt-4o-airline.tasks0-9.json' })).toEqual({
      domain: 'airline',
      model: 'gpt-4o',
    });
    expect(tau1Context({ fileName: 'sonnet-35-new-retail.json' })).toEqual({
      domain: 'retail',
      model: 'sonnet-35-new',
    });
    expect(tau1Context({ fileName: 'results.json', model: 'm', domain: 'retail' })).toEqual({
      domain: 'retail',
      model: 'm',
    });
    expect(contextFromFileName('gpt-4.1_telecom_default_gpt-4.1_1trials.json', TAU2_DOMAINS)).toEqual({
      domain: 'telecom',
      model: 'gpt-4.1',
    });
    expect(contextFromFileName('results.json', TAU2_DOMAINS)).toEqual({});
    expect(tau1Context({ fileName: 'results.json' })).toEqual({ domain: undefined, model: undefined });
  });
});
