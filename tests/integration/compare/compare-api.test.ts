import { beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as compareRoute } from '@/app/api/compare/route';
import { callRoute, sessionCookie } from '../../helpers/call-route';
import { FAILED as FAIL, PASSED as PASS, seedArmRuns } from '../../helpers/compare-arms';
import { uid } from '../../helpers/factories';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

const bench = `cmp-api-${uid()}`;

beforeAll(async () => {
  // 3 regressions and 1 fix on four tasks; a task name that would be a spreadsheet formula and a Markdown link.
  await seedArmRuns(bench, [
    { task: 'a/1', trial: 0, release: 'v1', cps: PASS },
    { task: 'a/1', trial: 0, release: 'v2', cps: FAIL },
    { task: 'a/2', trial: 0, release: 'v1', cps: PASS },
    { task: 'a/2', trial: 0, release: 'v2', cps: FAIL },
    { task: '=HYPERLINK("x")[y](javascript:z)', trial: 0, release: 'v1', cps: PASS },
    { task: '=HYPERLINK("x")[y](javascript:z)', trial: 0, release: 'v2', cps: FAIL },
    { task: 'a/4', trial: 0, release: 'v1', cps: FAIL },
    { task: 'a/4', trial: 0, release: 'v2', cps: PASS },
  ]);
});

const url = (extra = '') => `/api/compare?a=v1&b=v2&benchmark=${bench}${extra}`;

describe('GET /api/compare', () => {
  it('answers the report as JSON: counts, McNemar and regressions first', async () => {
    const { cookie } = await sessionCookie('RESEARCHER');
    const res = await callRoute(compareRoute, url(), { cookie });
    expect(res.status).toBe(200);
    const r = await res.json();
    expect(r.counts).toEqual({ pairs: 4, bothPass: 0, bothFail: 0, fixed: 1, broke: 3 });
    // 1 vs 3: 2 · (C(4,0) + C(4,1)) / 16 = 10/16; χ² (1 − 3)² / 4 = 1, corrected (2 − 1)² / 4 = 0.25.
    expect(r.mcnemar.exactP).toBeCloseTo(0.625, 12);
    expect(r.mcnemar.chiSquare.uncorrected).toBeCloseTo(1, 12);
    expect(r.mcnemar.chiSquare.corrected).toBeCloseTo(0.25, 12);
    expect(r.flips.map((f: { kind: string }) => f.kind)).toEqual(['broke', 'broke', 'broke', 'fixed']);
    // An empty format= (a form's untouched select) is the JSON answer too.
    const empty = await callRoute(compareRoute, url('&format='), { cookie });
    expect(empty.status).toBe(200);
    expect((await empty.json()).counts.pairs).toBe(4);
  });

  it('gives Markdown with both χ² forms labelled and task text escaped', async () => {
    const { cookie } = await sessionCookie('RESEARCHER');
    const res = await callRoute(compareRoute, url('&format=md'), { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/markdown');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="compare-v2-vs-v1.md"');
    const md = await res.text();
    expect(md).toContain('| 4 | 0 | 0 | 1 | 3 | 0.625 | 1.00 | 0.25 |');
    expect(md).toContain('χ² (uncorrected) | χ² (continuity-corrected)');
    // The task name stays text: its brackets cannot make a link.
    expect(md).toContain('\\[y\\](javascript:z)');
    expect(md).not.toContain('[y](javascript');
  });

  it('gives CSV: the overall row, then one row per ability and per model', async () => {
    const { cookie } = await sessionCookie('RESEARCHER');
    const res = await callRoute(compareRoute, url('&format=csv'), { cookie });
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\r\n');
    expect(lines[0].split(',').slice(0, 7)).toEqual([
      'breakdown',
      'group',
      'pairs',
      'both_pass',
      'both_fail',
      'fail_to_pass',
      'pass_to_fail',
    ]);
    expect(lines[1].split(',').slice(0, 8)).toEqual(['all', '', '4', '0', '0', '1', '3', '0.625']);
    expect(lines.find((l) => l.startsWith('ability,'))).toMatch(/^ability,airline,4,/);
  });

  it('names the bad parameter in a 400', async () => {
    const { cookie } = await sessionCookie('RESEARCHER');
    const res = await callRoute(compareRoute, `/api/compare?a=v1&b=releas=v2`, { cookie });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.message).toContain('Arm b: "releas=v2" is not one of');
    const bad = await callRoute(compareRoute, url('&format=pdf'), { cookie });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('format');
  });

  it('is refused to annotators', async () => {
    const { cookie } = await sessionCookie('ANNOTATOR');
    expect((await callRoute(compareRoute, url(), { cookie })).status).toBe(403);
  });
});
