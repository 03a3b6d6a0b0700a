import { describe, expect, it, vi } from 'vitest';
import { GET as exportRoute } from '@/app/api/diagnoses/export/route';
import { prisma } from '@/lib/db/prisma';
import { annotatorPseudonym, type DiagnosisExportRecord } from '@/lib/diagnosis/export-diagnoses';
import { readExportPages } from '@/lib/diagnosis/read-export-rows';
import { csvCell } from '@/lib/text/csv';
import { createApiToken } from '@/lib/users/api-tokens';
import { callRoute } from '../../helpers/call-route';
import { createActor, createUser, uid } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';
import { writeDiagnosis } from '../../helpers/written-diagnosis';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

async function tokenFor(role: 'RESEARCHER' | 'ANNOTATOR' | 'ADMIN' | 'REVIEWER') {
  const admin = await createActor('ADMIN');
  return (await createApiToken(admin, { name: `export-${uid()}`, role })).token;
}

const get = (token: string, query: Record<string, string>) =>
  callRoute(exportRoute, `/api/diagnoses/export?${new URLSearchParams(query)}`, { token });

async function jsonl(token: string, query: Record<string, string>): Promise<DiagnosisExportRecord[]> {
  const res = await get(token, query);
  expect(res.status).toBe(200);
  const text = await res.text();
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/** A submitted diagnosis written directly on the run's cp_0 unless `key` names another checkpoint. */
const diagnose = (opts: {
  trajectoryId: string;
  key?: string;
  authorId: string;
  category?: string;
  whatWentWrong?: string;
  submittedAt?: Date;
}) =>
  writeDiagnosis({
    trajectoryId: opts.trajectoryId,
    authorId: opts.authorId,
    at: { key: opts.key ?? 'cp_0' },
    category: opts.category,
    fields: {
      eventStart: 1,
      eventEnd: 2,
      whatWentWrong: opts.whatWentWrong ?? 'Looked up the wrong reservation.',
      whatShouldHaveHappened: 'Ask for the reservation id first.',
      confidence: 4,
      submittedAt: opts.submittedAt ?? new Date(),
    },
  });

describe('diagnoses export', () => {
  it('has task, run, checkpoint, the anchored events, category, both texts, a pseudonymous annotator, agreement, adjudication and the cards fed', async () => {
    const benchmark = `export-${uid()}`;
    const [trajectoryId] = await seedRecords([failedRecord({ benchmark, taskId: 'shop/7', model: 'model-x' })]);
    const annotator = await createUser('ANNOTATOR');
    const d = await diagnose({ trajectoryId, authorId: annotator.id });
    // A card hand-written from the diagnosis, approved as version 1.
    const proposal = await prisma.proposal.create({
      data: {
        source: 'REVIEWER_WRITTEN',
        diagnosisId: d.id,
        cardKind: 'SKILL',
        operation: 'ADD_CARD',
        reason: 'from the diagnosis',
        status: 'APPROVED',
      },
    });
    const card = await prisma.card.create({
      data: { key: `skill::skill_${uid()}`, kind: 'SKILL', title: 'Ask first' },
    });
    await prisma.cardVersion.create({ data: { cardId: card.id, number: 1, content: {}, proposalId: proposal.id } });

    const [rec] = await jsonl(await tokenFor('RESEARCHER'), { benchmark });
    expect(rec).toMatchObject({
      diagnosis_id: d.id,
      benchmark,
      ability: 'airline',
      task_id: 'shop/7',
      task_instruction: 'Change the flight on reservation R1 to the cheapest option.',
      trajectory_link: `/trajectories/${trajectoryId}?event=1&diagnosis=${d.id}`,
      model: 'model-x',
      run_passed: false,
      target: 'checkpoint',
      checkpoint_id: 'cp_0',
      checkpoint_name: 'check cp_0',
      checkpoint_note: 'evaluator: cp_0 not met',
      event_start: 1,
      event_end: 2,
      events: [
        {
          position: 1,
          source: 'AGENT',
          type: 'TOOL_CALL',
          tool: 'airline.get_reservation',
          arguments: { reservation_id: 'R1' },
          content: null,
        },
        { position: 2, source: 'ENVIRONMENT', type: 'OBSERVATION', content: '{"id":"R1"}' },
      ],
      events_cut: false,
      what_went_wrong: 'Looked up the wrong reservation.',
      what_should_have_happened: 'Ask for the reservation id first.',
      confidence: 4,
      outcome: 'AGENT_FAILURE',
      annotator: annotatorPseudonym(annotator.id),
      annotators_on_target: 1,
      agreement: 'single',
      adjudication: 'none',
      adjudicated_category: null,
      cards: [{ key: card.key, version: 1 }],
    });
    expect(rec.category).toEqual(expect.any(String));
    expect(rec.trajectory_id).toMatch(new RegExp(`^${benchmark}:`));
    // The pseudonym names neither the person nor their id.
    expect(JSON.stringify(rec)).not.toContain(annotator.email);
    expect(JSON.stringify(rec)).not.toContain(annotator.id);
    expect(rec.annotator).toMatch(/^annotator-[0-9a-f]{12}$/);
  });

  it('states agreement and adjudication per target, with one pseudonym per person across the export', async () => {
    const benchmark = `export-${uid()}`;
    const [t1, t2] = await seedRecords([failedRecord({ benchmark }), failedRecord({ benchmark })]);
    const [a, b, reviewer] = [
      await createUser('ANNOTATOR'),
      await createUser('ANNOTATOR'),
      await createUser('REVIEWER'),
    ];
    const categories = await prisma.failureCategory.findMany({ orderBy: { position: 'asc' }, take: 2 });
    const a1 = await diagnose({ trajectoryId: t1, authorId: a.id, category: categories[0].key });
    const b1 = await diagnose({ trajectoryId: t1, authorId: b.id, category: categories[1].key });
    const a2 = await diagnose({ trajectoryId: t2, authorId: a.id, category: categories[0].key });
    const b2 = await diagnose({ trajectoryId: t2, authorId: b.id, category: categories[0].key });
    await prisma.adjudication.create({
      data: { checkpointResultId: a1.checkpointResultId, chosenDiagnosisId: a1.id, reviewerId: reviewer.id },
    });

    const rows = await jsonl(await tokenFor('REVIEWER'), { benchmark });
    const by = new Map(rows.map((r) => [r.diagnosis_id, r]));
    expect([a1, b1, a2, b2].map((x) => by.get(x.id)!).map((r) => [r.agreement, r.adjudication, r.annotator])).toEqual([
      ['disagree', 'chosen', annotatorPseudonym(a.id)],
      ['disagree', 'other_chosen', annotatorPseudonym(b.id)],
      ['agree', 'none', annotatorPseudonym(a.id)],
      ['agree', 'none', annotatorPseudonym(b.id)],
    ]);
    expect(annotatorPseudonym(a.id)).not.toBe(annotatorPseudonym(b.id));
    expect(rows.every((r) => r.annotators_on_target === 2)).toBe(true);

    // Named annotators: admins only.
    expect((await get(await tokenFor('RESEARCHER'), { benchmark, annotators: 'named' })).status).toBe(403);
    const named = await jsonl(await tokenFor('ADMIN'), { benchmark, annotators: 'named' });
    expect(new Set(named.map((r) => r.annotator))).toEqual(new Set([a.email, b.email]));
  });

  it('exports the scope asked for: benchmark, task, model and submission days; counts it first', async () => {
    const benchmark = `export-${uid()}`;
    const other = `export-${uid()}`;
    const [t1, t2, t3] = await seedRecords([
      failedRecord({ benchmark, taskId: 'a/1', model: 'm1' }),
      failedRecord({ benchmark, taskId: 'a/2', model: 'm2' }),
      failedRecord({ benchmark: other, taskId: 'a/1', model: 'm1' }),
    ]);
    const u = await createUser('ANNOTATOR');
    const d1 = await diagnose({ trajectoryId: t1, authorId: u.id, submittedAt: new Date('2026-11-02T10:00:00Z') });
    const d2 = await diagnose({ trajectoryId: t2, authorId: u.id, submittedAt: new Date('2026-11-05T23:59:00Z') });
    await diagnose({ trajectoryId: t3, authorId: u.id });
    const token = await tokenFor('RESEARCHER');
    const ids = async (q: Record<string, string>) => (await jsonl(token, q)).map((r) => r.diagnosis_id).sort();

    expect(await ids({ benchmark })).toEqual([d1.id, d2.id].sort());
    expect(await ids({ benchmark, task: 'a/2' })).toEqual([d2.id]);
    expect(await ids({ benchmark, model: 'm1' })).toEqual([d1.id]);
    expect(await ids({ benchmark, from: '2026-11-03' })).toEqual([d2.id]);
    expect(await ids({ benchmark, to: '2026-11-05' })).toEqual([d1.id, d2.id].sort());
    expect(await ids({ benchmark, to: '2026-11-04' })).toEqual([d1.id]);
    const count = await get(token, { benchmark, format: 'count' });
    expect(await count.json()).toEqual({ count: 2 });

    const bad = await get(token, { benchmark, from: '2026-11-09', to: '2026-11-01', colour: 'red' });
    expect(bad.status).toBe(400);
    const { error } = await bad.json();
    expect(error.details.map((x: { path: string }) => x.path).sort()).toEqual(['colour', 'to']);
    expect((await get(await tokenFor('ANNOTATOR'), { benchmark })).status).toBe(403);
  });

  it('reads a page at a time in id order, every diagnosis once', async () => {
    const benchmark = `export-${uid()}`;
    const trajectories = await seedRecords(Array.from({ length: 5 }, () => failedRecord({ benchmark })));
    const u = await createUser('ANNOTATOR');
    const made = [];
    for (const t of trajectories) made.push((await diagnose({ trajectoryId: t, authorId: u.id })).id);
    const pages: string[][] = [];
    for await (const page of readExportPages({ benchmark }, 2)) pages.push(page.rows.map((r) => r.id));
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual([...made].sort());
  });

  it('de-identifies every text on request, as cards are', async () => {
    const benchmark = `export-${uid()}`;
    const [trajectoryId] = await seedRecords([
      failedRecord({
        benchmark,
        content: (i) => (i === 2 ? '{"passenger_email": "jane.doe@example.com", "phone": "+1 415 555 0199"}' : 'ok'),
      }),
    ]);
    const u = await createUser('ANNOTATOR');
    await diagnose({
      trajectoryId,
      authorId: u.id,
      whatWentWrong: 'Wrote to jane.doe@example.com instead of calling +1 415 555 0199.',
    });
    const token = await tokenFor('RESEARCHER');
    const [plain] = await jsonl(token, { benchmark });
    expect(JSON.stringify(plain)).toContain('jane.doe@example.com');
    const res = await get(token, { benchmark, deidentify: '1' });
    expect(res.headers.get('content-disposition')).toMatch(/-deidentified\.jsonl"$/);
    const text = await res.text();
    expect(text).not.toContain('jane.doe@example.com');
    expect(text).not.toContain('555 0199');
    const [rec] = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l)) as DiagnosisExportRecord[];
    expect(rec.what_went_wrong).toContain('<EMAIL>');
    expect(rec.events[1].content).toContain('<EMAIL>');
  });

  it('writes CSV with one header, quoted multi-line cells, and formula-like text made inert', async () => {
    const benchmark = `export-${uid()}`;
    const [trajectoryId] = await seedRecords([failedRecord({ benchmark })]);
    const u = await createUser('ANNOTATOR');
    await diagnose({
      trajectoryId,
      authorId: u.id,
      whatWentWrong: '=HYPERLINK("http://evil.test","click"), then\nmore',
    });
    const res = await get(await tokenFor('RESEARCHER'), { benchmark, format: 'csv' });
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const csv = await res.text();
    const [header] = csv.split('\n');
    expect(header.split(',')).toContain('what_went_wrong');
    expect(header.split(',')).toContain('events_text');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"",""click""), then\nmore"`);
    expect(csv).toContain('[1] agent tool_call: airline.get_reservation {""reservation_id"":""R1""}');
    // Numbers stay numbers; text that starts like a formula never does.
    expect([csvCell(-1.5), csvCell('-1+1'), csvCell('@SUM(A1)'), csvCell('+x'), csvCell('\tcmd')]).toEqual([
      '-1.5',
      "'-1+1",
      "'@SUM(A1)",
      "'+x",
      "'\tcmd",
    ]);
  });
});
