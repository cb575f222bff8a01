import type { Locator, Page } from '@playwright/test';
import type { ChildPayload, ParentPayload } from '@school-transport/testing';
import { expect } from './fixtures';

/**
 * Steps of the families browser tests (parents and their children): the Parent and Child forms. Records carry a
 * tag of their own, as in every browser test, because every test shares one database.
 */

/** A text field by its exact label ('Phone No' is not 'Alternative Phone No'). */
export const field = (container: Locator, label: string) =>
  container.getByRole('textbox', { name: label, exact: true });

export const parentForm = (page: Page) => page.getByRole('form', { name: 'Parent' });
export const childForm = (page: Page) => page.getByRole('form', { name: 'Child' });

/** The Parent section of Add Parent (or the update form, given its container). */
export async function fillParentFields(form: Locator, parent: ParentPayload): Promise<void> {
  await field(form, 'Full Name').fill(parent.name);
  await field(form, 'Email').fill(parent.email);
  await field(form, 'Phone No').fill(parent.phone);
  await field(form, 'Alternative Phone No').fill(parent.alternativePhone);
  await field(form, 'Address').fill(parent.address);
  await field(form, 'City').fill(parent.city);
  await field(form, 'State').fill(parent.state);
  await field(form, 'ZIP Code').fill(parent.pinCode);
}

/** The child fields, wherever they are (Add Parent's Child section, the child dialog), coordinates typed. */
export async function fillChildFields(container: Locator, child: ChildPayload): Promise<void> {
  await field(container, 'Child Name').fill(child.name);
  await field(container, 'NFC Tag ID').fill(child.nfcTagId);
  await field(container, 'Class').fill(child.class);
  await field(container, 'Roll No').fill(child.rollNo);
  await field(container, 'Latitude').fill(String(child.pickupAndDropLat));
  await field(container, 'Longitude').fill(String(child.pickupAndDropLng));
  // The home address offers the geocoder's places as one types (decision 072): a combobox, filled like a box.
  await container
    .getByRole('combobox', { name: 'Home address (street and number)' })
    .fill(child.pickupDropAddress);
}

/** Fills the Child section of Add Parent and adds the child to the list below it. */
export async function addChildOnForm(page: Page, child: ChildPayload): Promise<void> {
  await fillChildFields(childForm(page), child);
  await childForm(page).getByRole('button', { name: 'Add Child' }).click();
  await expect(page.getByRole('list', { name: 'Children to add' })).toContainText(child.name);
}

/**
 * Waits until the map `region` takes clicks. Leaflet draws its frame first and its layers and click handler one
 * render later; a click in between is lost, which a busy machine makes likely. The tile layer (there even when
 * no tile loads, as offline here) comes in the same render as the click handler.
 */
export async function mapReady(region: Locator): Promise<Locator> {
  await expect(region.locator('.leaflet-tile-pane .leaflet-layer')).toBeAttached();
  return region;
}
