import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { AddParentPage } from './AddParentPage';

beforeEach(() => {
  // Leaflet's map keeps its size in step through a ResizeObserver, which jsdom does not have.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  return () => vi.unstubAllGlobals();
});

function openAddParent() {
  const user = userEvent.setup();
  renderWithProviders(<AddParentPage />, '/add-parent');
  const parentForm = screen.getByRole('form', { name: 'Parent' });
  const childForm = screen.getByRole('form', { name: 'Child' });
  const field = (form: HTMLElement, label: RegExp) => within(form).getByRole('textbox', { name: label });
  return {
    user,
    parentField: (label: RegExp) => field(parentForm, label),
    childField: (label: RegExp) => field(childForm, label),
    doorToDoor: () => within(childForm).getByRole('checkbox', { name: /^Door to door/ }),
    alerts: () => screen.queryAllByRole('alert').map((alert) => alert.textContent),
    addChild: () => user.click(within(childForm).getByRole('button', { name: 'Add Child' })),
    addParent: () => user.click(screen.getByRole('button', { name: 'Add Parent' })),
  };
}

type Page = ReturnType<typeof openAddParent>;

async function fillParent({ user, parentField }: Page) {
  await user.type(parentField(/^Full Name/), 'Meera Rao');
  await user.type(parentField(/^Email/), 'meera@example.com');
  await user.type(parentField(/^Phone No/), '+91 98450 12345');
  await user.type(parentField(/^Alternative Phone No/), '080 2345 6789');
  await user.type(parentField(/^Address/), '14 Lake View Road');
  await user.type(parentField(/^State/), 'Karnataka');
  await user.type(parentField(/^ZIP Code/), '560001');
}

async function fillChild({ user, childField }: Page, name: string, rollNo: string) {
  await user.type(childField(/^Child Name/), name);
  await user.type(childField(/^Class/), '4');
  await user.type(childField(/^Roll No/), rollNo);
  await user.type(childField(/^NFC Tag ID/), '04:a1:b2:c3');
  await user.type(childField(/^Latitude/), '12.9352');
  await user.type(childField(/^Longitude/), '77.6245');
}

describe('AddParentPage', () => {
  it('marks as required exactly the fields the shared schemas require', () => {
    const { parentField, childField } = openAddParent();

    for (const label of [/^Full Name/, /^Email/, /^Phone No/, /^Alternative/, /^Address/, /^State/, /^ZIP/]) {
      expect(parentField(label)).toBeRequired();
    }
    expect(parentField(/^City/)).not.toBeRequired();
    for (const label of [/^Child Name/, /^Class/, /^Roll No/]) {
      expect(childField(label)).toBeRequired();
    }
    // The home is a point or an address (decision 072): neither field alone is required; the server says which.
    for (const label of [/^NFC Tag ID/, /^Latitude/, /^Longitude/, /^Postcode/, /^City/])
      expect(childField(label)).not.toBeRequired();
    expect(screen.getByRole('combobox', { name: /^Home address/ })).not.toBeRequired();
  });

  it('asks for the required parent fields and for a child when sent empty', async () => {
    const page = openAddParent();

    await page.addParent();

    expect(page.alerts()).toEqual([
      'Please fill all the required fields !',
      'Please add at least one child !',
    ]);
    expect(page.parentField(/^Full Name/)).toHaveAccessibleDescription('Full name is required');
    expect(page.parentField(/^ZIP Code/)).toHaveAccessibleDescription('ZIP Code is required');
    expect(page.parentField(/^City/)).not.toHaveAccessibleDescription();
  });

  it('asks for at least one child once the parent is filled in', async () => {
    const page = openAddParent();
    await fillParent(page);

    await page.addParent();

    expect(page.alerts()).toEqual(['Please add at least one child !']);
  });

  it("checks the child's required fields on 'Add Child'", async () => {
    const page = openAddParent();
    await page.user.type(page.childField(/^Child Name/), 'Asha');

    await page.addChild();

    expect(page.alerts()).toEqual(['Fill all the student required fields']);
    expect(page.childField(/^Class/)).toHaveAccessibleDescription('Class is required');
    expect(page.childField(/^Roll No/)).toHaveAccessibleDescription('Roll No is required');
    expect(screen.getByText('No child added yet.')).toBeInTheDocument();
  });

  it('takes each message away as soon as its cause is fixed', async () => {
    const page = openAddParent();
    await page.addParent();
    expect(page.alerts()).toEqual([
      'Please fill all the required fields !',
      'Please add at least one child !',
    ]);

    await fillParent(page);
    await waitFor(() => expect(page.alerts()).toEqual(['Please add at least one child !']));

    await page.addChild();
    expect(page.alerts()).toContain('Fill all the student required fields');
    await fillChild(page, 'Asha Rao', '12');
    await waitFor(() => expect(page.alerts()).not.toContain('Fill all the student required fields'));

    await page.addChild();
    await waitFor(() => expect(page.alerts()).toEqual([]));
  });

  it('lists the children added, empties the child fields for the next one, and removes a child', async () => {
    const page = openAddParent();

    await fillChild(page, 'Asha Rao', '12');
    await page.addChild();
    await fillChild(page, 'Ravi Rao', '7');
    await page.addChild();

    const list = screen.getByRole('list', { name: 'Children to add' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list).toHaveTextContent('Asha Rao');
    expect(list).toHaveTextContent('Class 4 · Roll No 12 · NFC 04A1B2C3');
    expect(list).toHaveTextContent('Pickup: 12.93520, 77.62450');
    expect(page.childField(/^Child Name/)).toHaveValue('');
    expect(screen.getByText('Children to add (2)')).toBeInTheDocument();

    await page.user.click(within(list).getByRole('button', { name: 'Remove Asha Rao' }));

    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).not.toHaveTextContent('Asha Rao');
    expect(list).toHaveTextContent('Ravi Rao');
  });

  it('adds a child as door to door only when ticked, and unticks the box for the next child', async () => {
    const page = openAddParent();
    expect(page.doorToDoor()).not.toBeChecked();

    await fillChild(page, 'Asha Rao', '12');
    await page.user.click(page.doorToDoor());
    await page.addChild();
    await fillChild(page, 'Ravi Rao', '7');
    await page.addChild();
    // The form checks the child before adding it (asynchronously): the list's count says when it has.
    await screen.findByText('Children to add (2)');

    const [asha, ravi] = within(screen.getByRole('list', { name: 'Children to add' })).getAllByRole(
      'listitem',
    );
    expect(asha).toHaveTextContent('Door to door');
    expect(ravi).not.toHaveTextContent('Door to door');
    expect(page.doorToDoor()).not.toBeChecked();
  });

  it('fills the coordinates from a click on the map, which shows the point', async () => {
    const page = openAddParent();
    const map = await screen.findByRole('region', { name: 'Pickup location map' });
    const container = await waitFor(() => {
      const leaflet = map.querySelector('.leaflet-container');
      expect(leaflet).not.toBeNull();
      return leaflet as HTMLElement;
    });
    expect(map.querySelector('.location-picker-point')).toBeNull();

    // jsdom lays nothing out: the map has no size, so any click lands on its centre, the default view's
    // (to the pixel, about 60 m at that zoom).
    fireEvent.click(container);

    const coordinate = (label: RegExp) => Number((page.childField(label) as HTMLInputElement).value);
    await waitFor(() => expect(coordinate(/^Latitude/)).toBeCloseTo(12.9716, 3));
    expect(coordinate(/^Longitude/)).toBeCloseTo(77.5946, 3);
    expect(map.querySelector('.location-picker-point')).not.toBeNull();
  });
});
