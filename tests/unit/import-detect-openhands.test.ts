import { describe, expect, it } from 'vitest';
import { detectFormat } from '@/lib/import/adapters/detect';
import { detectFolderFormat } from '@/lib/import/import-input';

describe('OpenHands and TheAgentCompany detection', () => {
  it('tells OpenHands V0 and V1 event lists and output.jsonl lines from the other JSON formats', () => {
    expect(detectFormat('[{"id": 0, "source": "user", "action": "message", "args": {"content": "hi"}}]')).toBe(
      'openhands',
    );
    expect(detectFormat('[{"kind": "MessageEvent", "source": "user", "llm_message": {}}]')).toBe('openhands');
    expect(detectFormat('{"instance_id": "x-1", "instruction": "fix it", "history": [{"action": "run"}]}\n')).toBe(
      'openhands',
    );
    // A τ-bench v1 list (no "source") and a τ²-bench simulation list stay theirs.
    expect(detectFormat('[{"task_id": 1, "traj": [{"role": "user"}], "reward": 1}]')).toBe('tau1');
    expect(detectFormat('[{"id": "s", "task_id": "1", "messages": [], "termination_reason": "user_stop"}]')).toBe(
      'tau2',
    );
  });

  it('knows a TheAgentCompany folder by its results/eval_<task>.json, at any depth of an archive', () => {
    expect(
      detectFolderFormat({ root: '/x', files: ['results/eval_ds-a.json', 'trajectories/traj_ds-a.json.gz'] }),
    ).toBe('theagentcompany');
    expect(detectFolderFormat({ root: '/x', files: ['top/20250101_A-gpt-4o/results/eval_hr-b.json'] })).toBe(
      'theagentcompany',
    );
    expect(detectFolderFormat({ root: '/x', files: ['runs/a.jsonl', 'results/summary.json'] })).toBeNull();
  });
});
