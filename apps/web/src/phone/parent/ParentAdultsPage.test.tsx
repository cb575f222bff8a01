import type { AuthorizedAdult, HandOverOfChild } from '@school-transport/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerApi, child, json, ok, setUpPortalTests } from './parent-test-kit';
import { en } from './english';
import { renderParent } from './render-parent';

// The phone draws the photo small on a canvas, which jsdom lacks: the file goes as it is.
vi.mock('../kit/photo-data', () => ({ photoAsJpeg: (file: File) => Promise.resolve(file) }));

setUpPortalTests();

const MIA = 'c1';
const PAGE = `/parent/children/${MIA}/adults`;
const ADULTS = `/parent/children/${MIA}/authorized-adults`;

const adult = (changes: Partial<AuthorizedAdult> = {}): AuthorizedAdult => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  studentId: MIA,
  name: 'Kamala Rao',
  relation: 'Grandmother',
  phone: '+91 98450 55555',
  photo: null,
  createdAt: '2026-03-02T07:00:00.000Z',
  ...changes,
});

const handOver = (adults: AuthorizedAdult[], changes: Partial<HandOverOfChild> = {}): HandOverOfChild => ({
  needed: true,
  choice: 'RULE',
  noAdultRule: 'KEEP_ON_BOARD',
  adults,
  ...changes,
});

const family = () => ok([child([], { id: MIA })]);

describe('who may collect a child', () => {
  it('lists the adults with their photo or initials, relation and a phone number to call', async () => {
    answerApi({
      'GET /parent/children': family,
      [`GET ${ADULTS}`]: () =>
        ok(
          handOver([
            adult(),
            adult({ id: 'a2', name: 'Sam Lee', relation: 'Neighbour', photo: '/uploads/sam.webp' }),
          ]),
        ),
    });
    renderParent(PAGE);

    expect(
      await screen.findByRole('heading', { level: 1, name: en('adults.title', { name: 'Mia' }) }),
    ).toBeVisible();
    expect(screen.getByText(en('adults.needed', { name: 'Mia' }))).toBeVisible();
    expect(screen.getByText(en('adults.choice.RULE', { name: 'Mia' }))).toBeVisible();
    expect(
      screen.getByRole('heading', { name: en('adults.count', { count: 2, name: 'Mia' }) }),
    ).toBeVisible();
    const list = screen.getByRole('list', { name: en('adults.listLabel', { name: 'Mia' }) });
    const [kamala, sam] = within(list).getAllByRole('listitem');
    expect(kamala).toHaveTextContent('Kamala Rao');
    expect(kamala).toHaveTextContent('Grandmother');
    expect(kamala).toHaveTextContent('KR');
    expect(within(kamala!).getByRole('link', { name: '+91 98450 55555' })).toHaveAttribute(
      'href',
      'tel:+919845055555',
    );
    expect(within(kamala!).getByLabelText(en('adults.photoLabel', { adult: 'Kamala Rao' }))).toBeVisible();
    expect(kamala).toHaveTextContent(en('adults.addPhoto'));
    expect(sam!.querySelector('img')).toHaveAttribute('src', '/uploads/sam.webp');
    expect(sam).toHaveTextContent(en('adults.changePhoto'));
  });

  it('says plainly what the operator’s rule does with no one on the list, and offers Retry when the list cannot be read', async () => {
    let fail = true;
    answerApi({
      'GET /parent/children': family,
      [`GET ${ADULTS}`]: () =>
        fail
          ? json({ success: false, type: 'error', message: 'The list is resting.' }, 503)
          : // The operator's rule here: back to school, and the empty list says so.
            ok(handOver([], { noAdultRule: 'RETURN_TO_SCHOOL' })),
    });
    const user = userEvent.setup();
    renderParent(PAGE);

    expect(await screen.findByText('The list is resting.')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: en('kit.retry') }));
    expect(await screen.findByText(en('adults.emptyNeeded.RETURN_TO_SCHOOL', { name: 'Mia' }))).toBeVisible();
    expect(screen.queryByText(en('adults.emptyNeeded.KEEP_ON_BOARD', { name: 'Mia' }))).toBeNull();
    expect(screen.queryByRole('list', { name: en('adults.listLabel', { name: 'Mia' }) })).toBeNull();
  });

  it('checks a new adult with the shared schema, in the guardian’s words, then adds them', async () => {
    const sent: unknown[] = [];
    let adults: AuthorizedAdult[] = [];
    answerApi({
      'GET /parent/children': family,
      [`GET ${ADULTS}`]: () => ok(handOver(adults, { needed: false, choice: 'NEVER' })),
      [`POST ${ADULTS}`]: (init) => {
        sent.push(JSON.parse(String(init?.body)));
        adults = [adult()];
        return json({ success: true, type: 'success', data: adults[0] }, 201);
      },
    });
    const user = userEvent.setup();
    renderParent(PAGE);

    expect(await screen.findByText(en('adults.notNeeded', { name: 'Mia' }))).toBeVisible();
    expect(screen.getByText(en('adults.empty'))).toBeVisible();
    const form = screen.getByRole('form', { name: en('adults.new') });
    const field = (key: string) =>
      within(form).getByRole('textbox', { name: new RegExp(`^${en(`adults.${key}`)}`) });
    await user.type(field('name'), 'Kamala Rao');
    await user.type(field('relation'), 'Grandmother');
    await user.type(field('phone'), '12');
    await user.click(within(form).getByRole('button', { name: en('adults.add') }));
    expect(
      await within(form).findByText(en('contact.phoneFormat', { field: en('adults.phone') })),
    ).toBeVisible();
    expect(field('phone')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await user.clear(field('phone'));
    await user.type(field('phone'), '+91 98450 55555');
    await user.click(within(form).getByRole('button', { name: en('adults.add') }));
    expect(await screen.findByText(en('adults.added', { adult: 'Kamala Rao', name: 'Mia' }))).toBeVisible();
    expect(sent).toEqual([{ name: 'Kamala Rao', relation: 'Grandmother', phone: '+91 98450 55555' }]);
    const list = await screen.findByRole('list', { name: en('adults.listLabel', { name: 'Mia' }) });
    expect(list).toHaveTextContent('Kamala Rao');
    expect(field('name')).toHaveValue('');
  });

  it('shows a refusal of the server above the form', async () => {
    answerApi({
      'GET /parent/children': family,
      [`GET ${ADULTS}`]: () => ok(handOver([])),
      [`POST ${ADULTS}`]: () => json({ success: false, type: 'error', message: 'Child not found.' }, 404),
    });
    const user = userEvent.setup();
    renderParent(PAGE);
    const form = await screen.findByRole('form', { name: en('adults.new') });
    const field = (key: string) =>
      within(form).getByRole('textbox', { name: new RegExp(`^${en(`adults.${key}`)}`) });
    await user.type(field('name'), 'Kamala Rao');
    await user.type(field('relation'), 'Grandmother');
    await user.type(field('phone'), '+91 98450 55555');
    await user.click(within(form).getByRole('button', { name: en('adults.add') }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Child not found.');
  });

  it('removes an adult only after the guardian confirms', async () => {
    const removed: string[] = [];
    let adults = [adult()];
    answerApi({
      'GET /parent/children': family,
      [`GET ${ADULTS}`]: () => ok(handOver(adults)),
      [`DELETE /parent/authorized-adults/${adult().id}`]: () => {
        removed.push(adult().id);
        adults = [];
        return ok(null, 'Authorized adult removed.');
      },
    });
    const user = userEvent.setup();
    renderParent(PAGE);

    const remove = await screen.findByRole('button', { name: en('adults.remove', { adult: 'Kamala Rao' }) });
    await user.click(remove);
    let dialog = await screen.findByRole('dialog', {
      name: en('adults.removeTitle', { adult: 'Kamala Rao' }),
    });
    expect(dialog).toHaveTextContent(en('adults.removeMessage', { adult: 'Kamala Rao', name: 'Mia' }));
    await user.click(within(dialog).getByRole('button', { name: en('kit.cancel') }));
    expect(removed).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(remove);
    dialog = await screen.findByRole('dialog', { name: en('adults.removeTitle', { adult: 'Kamala Rao' }) });
    await user.click(within(dialog).getByRole('button', { name: en('adults.removeConfirm') }));
    expect(await screen.findByText(en('adults.removed', { adult: 'Kamala Rao', name: 'Mia' }))).toBeVisible();
    expect(removed).toEqual([adult().id]);
    expect(await screen.findByText(en('adults.emptyNeeded.KEEP_ON_BOARD', { name: 'Mia' }))).toBeVisible();
  });

  it('sends a photo of an adult as an upload naming them', async () => {
    const uploads: FormData[] = [];
    answerApi({
      'GET /parent/children': family,
      [`GET ${ADULTS}`]: () => ok(handOver([adult()])),
      [`POST /parent/authorized-adults/${adult().id}/photo`]: (init) => {
        uploads.push(init?.body as FormData);
        return ok({ profileImage: '/uploads/kamala.webp' }, 'Photo saved.');
      },
    });
    const user = userEvent.setup();
    renderParent(PAGE);

    const input = await screen.findByLabelText(en('adults.photoLabel', { adult: 'Kamala Rao' }));
    await user.upload(input, new File(['jpeg'], 'kamala.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText(en('adults.photoSaved', { adult: 'Kamala Rao' }))).toBeVisible();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.get('id')).toBe(adult().id);
    expect(uploads[0]!.get('image')).toBeInstanceOf(File);
  });

  it('is reached from the child’s card on Today', async () => {
    answerApi({ 'GET /parent/children': family, [`GET ${ADULTS}`]: () => ok(handOver([])) });
    const user = userEvent.setup();
    renderParent('/parent');
    await user.click(await screen.findByRole('link', { name: en('child.adults') }));
    expect(
      await screen.findByRole('heading', { level: 1, name: en('adults.title', { name: 'Mia' }) }),
    ).toBeVisible();
  });
});
