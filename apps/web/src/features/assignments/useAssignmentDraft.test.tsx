import { act, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aBusRoute, aDriver, aStudent, aVehicle } from '../../test/records';
import { withAppProviders } from '../../test/render-app';
import { partsProblems, studentsProblems, useAssignmentDraft } from './useAssignmentDraft';

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
