import { describe, expect, it } from 'vitest';
import { exportRelease } from '@/lib/releases/export-release';
import { freezeRelease } from '@/lib/releases/freeze-release';
import { createSkillCard, skillContent } from '../../helpers/bank-factories';
import { createActor, uid } from '../../helpers/factories';

describe('release export by role', () => {
  it('lets a reviewer export a release in every format (they read its cards through the API already); not an annotator', async () => {
    await createSkillCard({ ability: 'mail', content: skillContent({ title: `Exported by a reviewer ${uid()}` }) });
    const release = await freezeRelease(await createActor('ADMIN'), { name: `rev-${uid()}`, note: 'for reviewers' });
    const reviewer = await createActor('REVIEWER');
    for (const format of ['json', 'markdown', 'wiki']) {
      const file = await exportRelease(reviewer, release.name, format);
      expect(file.fileName).toContain(release.name);
    }
    const json = JSON.parse(String((await exportRelease(reviewer, release.name, 'json')).body)) as { cards: unknown[] };
    expect(json.cards.length).toBeGreaterThan(0);
    await expect(exportRelease(await createActor('ANNOTATOR'), release.name, 'json')).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});
