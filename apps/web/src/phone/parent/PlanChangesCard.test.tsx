import type { PlanChange } from '@school-transport/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApi, child, childRun, ok, setUpPortalTests } from './parent-test-kit';
import { en } from './english';
import { renderParent } from './render-parent';

setUpPortalTests();

const change = (changes: Partial<PlanChange> = {}): PlanChange => ({
  id: 'pc1',
  studentId: 'c1',
  childName: 'Mia',
  run: 'PICKUP',
  routeName: 'North 1',
  before: { stopName: 'Elm Road', time: '07:42' },
  after: { stopName: 'Oak Street', time: '07:38' },
  effectiveFrom: '2026-09-07',
  createdAt: '2026-09-05T09:00:00.000Z',
  acknowledgedAt: null,
  acknowledgedByName: null,
  ...changes,
});

describe('changes to acknowledge on Today', () => {
  it('says the change in words with its day, and the Acknowledge button sends it and shows who acknowledged', async () => {
    let acknowledged = false;
    const sent: string[] = [];
    answerApi({
      'GET /parent/children': () => ok([child([childRun()])]),
      'GET /parent/plan-changes': () =>
        ok([
          acknowledged
            ? change({ acknowledgedAt: '2026-09-05T10:00:00.000Z', acknowledgedByName: 'Pat Parent' })
            : change(),
        ]),
      'POST /parent/plan-changes/pc1/acknowledge': () => {
        sent.push('pc1');
        acknowledged = true;
        return ok(change({ acknowledgedAt: '2026-09-05T10:00:00.000Z', acknowledgedByName: 'Pat Parent' }));
      },
    });
    const user = userEvent.setup();
    renderParent('/parent');

    expect(await screen.findByRole('heading', { level: 2, name: en('planChanges.title') })).toBeVisible();
    // The day as the operator's locale writes it, with its weekday.
    expect(
      screen.getByText(
        /^From Monday.*September.*7.*: stop Oak Street at 07:38$|^From Monday.*7.*September.*: stop Oak Street at 07:38$/,
      ),
    ).toBeVisible();
    expect(screen.getByText(en('planChanges.before', { stop: 'Elm Road', time: '07:42' }))).toBeVisible();
    await user.click(screen.getByRole('button', { name: en('planChanges.acknowledge') }));
    expect(await screen.findByText(en('planChanges.acknowledged', { name: 'Pat Parent' }))).toBeVisible();
    expect(sent).toEqual(['pc1']);
    expect(screen.queryByRole('button', { name: en('planChanges.acknowledge') })).toBeNull();
  });

  it('shows nothing when there is no change, and says a first plan at the child’s own point without a “before”', async () => {
    answerApi({
      'GET /parent/children': () => ok([child([childRun()])]),
      'GET /parent/plan-changes': () => ok([change({ before: null, after: { stopName: null, time: null } })]),
    });
    renderParent('/parent');
    expect(await screen.findByText(/^From .*September.*: at your own pickup point$/)).toBeVisible();
    expect(screen.queryByText(/^Before:/)).toBeNull();
  });
});
