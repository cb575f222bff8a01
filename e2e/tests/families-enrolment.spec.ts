import { expect, test } from '../support/fixtures';
import { expectToast } from '../support/toasts';
import { childPayload, parentPayload, uniqueTag } from '@school-transport/testing';
import { addChildOnForm, field, fillParentFields, parentForm } from '../support/families-helpers';
import { cellUnder, rowAction, searchList, summary } from '../support/screens';

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });

test('a family enrolled on Add Parent is listed, its children edited and deleted, then the parent', async ({
  page,
}) => {
  const tag = uniqueTag();
  const parent = parentPayload(tag);
  const first = childPayload(tag, 1);
  const second = childPayload(tag, 2);

  await page.goto('/add-parent');
  await fillParentFields(parentForm(page), parent);
  await addChildOnForm(page, first);
  await addChildOnForm(page, second);
  const toAdd = page.getByRole('list', { name: 'Children to add' });
  await expect(toAdd.getByRole('listitem')).toHaveCount(2);
  await expect(toAdd).toContainText(`Class ${first.class} · Roll No ${first.rollNo} · NFC ${first.nfcTagId}`);

  await page.getByRole('button', { name: 'Add Parent' }).click();
  await expectToast(page, 'Parent created successfully!');
  await expect(
    page.getByRole('alert').filter({ hasText: `${parent.name} was added with 2 children.` }),
  ).toBeVisible();
  // Ready for the next family: both sections are empty again.
  await expect(field(parentForm(page), 'Full Name')).toHaveValue('');
  await expect(page.getByText('No child added yet.')).toBeVisible();

  await page.goto('/all-parents');
  await searchList(page, tag);
  await expect(summary(page)).toHaveText('Showing 1–1 of 1 records');
  const parentRow = page.getByRole('row', { name: new RegExp(parent.name) });
  await expect(parentRow).toContainText(parent.email);
  await expect(parentRow).toContainText(parent.phone);
  await expect(await cellUnder(page, parentRow, 'Children')).toHaveText('2');
  await expect(await cellUnder(page, parentRow, 'Joined From')).toHaveText(
    /^\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4}$/,
  );

  await page.goto(`/all-students?search=${tag}`);
  await expect(summary(page)).toHaveText('Showing 1–2 of 2 records');
  for (const child of [first, second]) {
    const row = page.getByRole('row', { name: new RegExp(child.name) });
    await expect(await cellUnder(page, row, 'NFC Tag Id')).toHaveText(child.nfcTagId);
    await expect(await cellUnder(page, row, 'Class')).toHaveText(child.class);
    await expect(await cellUnder(page, row, 'Parent Name')).toHaveText(parent.name);
    await expect(await cellUnder(page, row, 'Phone No')).toHaveText(parent.phone);
  }

  // The first child's class, changed in the dialog on the parent's page.
  await page.goto(`/all-parents?search=${tag}`);
  await rowAction(page, parent.name, 'View');
  await expect(page.getByRole('heading', { name: parent.name })).toBeVisible();
  const children = page.getByRole('list', { name: 'Children' });
  await expect(children.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: `Edit ${first.name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${first.name}` });
  await expect(field(edit, 'Latitude')).toHaveValue(String(first.pickupAndDropLat));
  await field(edit, 'Class').fill('9B');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Student updated successfully!');
  await expect(edit).toBeHidden();
  await expect(children.getByRole('listitem').filter({ hasText: first.name })).toContainText('Class 9B');

  // The second child removed there.
  await page.getByRole('button', { name: `Remove ${second.name}` }).click();
  const confirmStudent = page.getByRole('dialog', { name: 'Delete Student?' });
  await expect(confirmStudent).toContainText(second.name);
  await confirmStudent.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Student deleted successfully!');
  await expect(page.getByRole('heading', { name: 'Children (1)' })).toBeVisible();

  // The parent, with the child left, from the list.
  await page.goto(`/all-parents?search=${tag}`);
  await expect(await cellUnder(page, parentRow, 'Children')).toHaveText('1');
  await rowAction(page, parent.name, 'Delete');
  const confirmParent = page.getByRole('dialog', { name: 'Delete Parent?' });
  await expect(confirmParent).toContainText(
    `delete the parent ${parent.name}? Their 1 child will be deleted too`,
  );
  await confirmParent.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Parent deleted successfully!');
  await expect(page.getByText('No Data Found!')).toBeVisible();

  await page.goto(`/all-students?search=${tag}`);
  await expect(page.getByText('No Data Found!')).toBeVisible();
  await expect(summary(page)).toHaveText('Showing 0–0 of 0 records');
});

test("Add Parent says what is missing: the parent's fields, a child, the child's fields", async ({
  page,
}) => {
  const tag = uniqueTag();
  await page.goto('/add-parent');

  await page.getByRole('button', { name: 'Add Parent' }).click();
  await expect(page.getByText('Please fill all the required fields !')).toBeVisible();
  await expect(page.getByText('Please add at least one child !')).toBeVisible();
  await expect(parentForm(page).getByText('Full name is required')).toBeVisible();
  await expect(parentForm(page).getByText('ZIP Code is required')).toBeVisible();
  await expect(field(parentForm(page), 'Full Name')).toBeFocused();

  await fillParentFields(parentForm(page), parentPayload(tag));
  await page.getByRole('button', { name: 'Add Parent' }).click();
  await expect(page.getByText('Please add at least one child !')).toBeVisible();
  await expect(page.getByText('Please fill all the required fields !')).toBeHidden();

  const child = page.getByRole('form', { name: 'Child' });
  await field(child, 'Child Name').fill(`Asha ${tag}`);
  await child.getByRole('button', { name: 'Add Child' }).click();
  await expect(child.getByText('Fill all the student required fields')).toBeVisible();
  await expect(child.getByText('Class is required')).toBeVisible();
  await expect(child.getByText('Roll No is required')).toBeVisible();
  await expect(page.getByText('No child added yet.')).toBeVisible();

  // Nothing was saved.
  await page.goto(`/all-parents?search=${tag}`);
  await expect(page.getByText('No Data Found!')).toBeVisible();
});
