import { act, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFormProblems } from '../../components/form/useFormProblems';
import { ApiError } from '../../lib/api/api-client';
import { aBusRoute, aDriver, aStudent, aVehicle } from '../../test/records';
import { withAppProviders } from '../../test/render-app';
import { draftProblems, partsProblems, studentsProblems, useAssignmentDraft } from './useAssignmentDraft';

function renderDraft() {
  const { result } = renderHook(() => useAssignmentDraft(), { wrapper: withAppProviders });
  const selectedIds = () => result.current.selection.selected.map((student) => student.id);
  const chooseAll = (seats: number) =>
    act(() => {
      result.current.choose('route', aBusRoute('r1'));
      result.current.choose('vehicle', aVehicle('v1', seats));
      result.current.choose('driver', aDriver('d1'));
    });
  const toggle = (id: string) => act(() => result.current.selection.toggle(aStudent(id)));
  return { result, selectedIds, chooseAll, toggle };
}

describe('useAssignmentDraft', () => {
  it('toggles children in and out of the selection', () => {
    const { selectedIds, chooseAll, toggle } = renderDraft();
    chooseAll(3);

    toggle('a');
    toggle('b');
    toggle('a');

    expect(selectedIds()).toEqual(['b']);
  });

  it("refuses a child beyond the vehicle's seats with the shared message", async () => {
    const { selectedIds, chooseAll, toggle } = renderDraft();
    chooseAll(2);
    toggle('a');
    toggle('b');

    toggle('c');

    expect(selectedIds()).toEqual(['a', 'b']);
    expect(await screen.findByText('No more available seats in the vehicle!')).toBeInTheDocument();
  });

  it.each(['route', 'vehicle', 'driver'] as const)('clears the children when the %s changes', (part) => {
    const { result, selectedIds, chooseAll, toggle } = renderDraft();
    chooseAll(5);
    toggle('a');
    toggle('b');

    const { choose } = result.current;
    const changeTo = {
      route: () => choose('route', aBusRoute('r2')),
      vehicle: () => choose('vehicle', aVehicle('r2', 5)),
      driver: () => choose('driver', aDriver('r2')),
    };
    act(changeTo[part]);

    expect(selectedIds()).toEqual([]);
    expect(result.current.parts[part]?.id).toBe('r2');
  });

  it('takes as many children as the newly chosen vehicle seats', () => {
    const { result, selectedIds, chooseAll, toggle } = renderDraft();
    chooseAll(1);
    act(() => result.current.choose('vehicle', aVehicle('v2', 2)));

    toggle('a');
    toggle('b');

    expect(selectedIds()).toEqual(['a', 'b']);
  });

  it('starts again from nothing after a reset', () => {
    const { result, selectedIds, chooseAll, toggle } = renderDraft();
    chooseAll(2);
    toggle('a');

    act(() => result.current.reset());

    expect(result.current.parts).toEqual({ route: null, vehicle: null, driver: null });
    expect(selectedIds()).toEqual([]);
  });
});

describe('the Add Assignment messages', () => {
  it("asks for the three selects and a child in the shared messages' words", () => {
    expect(partsProblems({ route: aBusRoute('r1'), vehicle: null, driver: aDriver('d1') })).toEqual([
      'Please fill all the required fields !',
    ]);
    expect(studentsProblems(0)).toEqual(['Please add at least one student !']);
  });

  it('has nothing to say once all is there', () => {
    expect(
      partsProblems({ route: aBusRoute('r1'), vehicle: aVehicle('v1', 2), driver: aDriver('d1') }),
    ).toEqual([]);
    expect(studentsProblems(1)).toEqual([]);
  });
});

/** The draft as Add Assignment holds it: its problems shown the forms' one way, after a submit was tried. */
function renderDraftForm() {
  const { result } = renderHook(
    () => {
      const { shown, attempt, dismissRefusal } = useFormProblems();
      const draft = useAssignmentDraft(dismissRefusal);
      const missing = draftProblems(draft.parts, draft.selection.selected.length);
      return { draft, missing, shown: () => shown(true, missing), attempt };
    },
    { wrapper: withAppProviders },
  );
  const submit = (save: () => Promise<unknown>) =>
    act(() => result.current.attempt(result.current.missing, save));
  return { result, submit };
}

describe('the Add Assignment messages as things are chosen', () => {
  it('takes each message down as soon as its cause is fixed, with no second submit', async () => {
    const { result, submit } = renderDraftForm();
    let sent = 0;
    await submit(async () => (sent += 1));
    expect(sent).toBe(0);
    expect(result.current.shown()).toEqual([
      'Please fill all the required fields !',
      'Please add at least one student !',
    ]);

    act(() => result.current.draft.choose('route', aBusRoute('r1')));
    act(() => result.current.draft.choose('vehicle', aVehicle('v1', 2)));
    expect(result.current.shown()).toEqual([
      'Please fill all the required fields !',
      'Please add at least one student !',
    ]);
    act(() => result.current.draft.choose('driver', aDriver('d1')));
    expect(result.current.shown()).toEqual(['Please add at least one student !']);
    act(() => result.current.draft.selection.toggle(aStudent('a')));
    expect(result.current.shown()).toEqual([]);

    // Taking the child out again brings its message back: it says what is missing now.
    act(() => result.current.draft.selection.toggle(aStudent('a')));
    expect(result.current.shown()).toEqual(['Please add at least one student !']);
  });

  it("keeps the server's refusal until something is changed", async () => {
    const { result, submit } = renderDraftForm();
    act(() => {
      result.current.draft.choose('route', aBusRoute('r1'));
      result.current.draft.choose('vehicle', aVehicle('v1', 2));
      result.current.draft.choose('driver', aDriver('d1'));
    });
    act(() => result.current.draft.selection.toggle(aStudent('a')));

    await submit(() => Promise.reject(new ApiError(409, 'This driver already has a route assignment.', [])));
    expect(result.current.shown()).toEqual(['This driver already has a route assignment.']);

    act(() => result.current.draft.selection.toggle(aStudent('b')));
    expect(result.current.shown()).toEqual([]);

    await submit(() => Promise.reject(new ApiError(409, 'This driver already has a route assignment.', [])));
    act(() => result.current.draft.choose('driver', aDriver('d2')));
    // The driver change cleared the children, so what is shown now is only what is missing.
    expect(result.current.shown()).toEqual(['Please add at least one student !']);
  });
});
