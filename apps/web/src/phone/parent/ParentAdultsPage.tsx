import {
  authorizedAdultInputSchema,
  type AuthorizedAdult,
  type AuthorizedAdultInput,
  type HandOverOfChild,
} from '@school-transport/shared';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/api/api-client';
import { useT, type Translation } from '../i18n';
import {
  Alert,
  Avatar,
  Button,
  Card,
  ConfirmDialog,
  Heading,
  IconButton,
  List,
  ListItem,
  PageLoader,
  PhotoButton,
  RetryAlert,
  Stack,
  Text,
  TextField,
  useToast,
} from '../kit';
import { BackToToday } from './BackToToday';
import { photoAsJpeg } from '../kit/photo-data';
import { useAddAdult, useAdultPhoto, useChildHandOver, useRemoveAdult } from './parent-adults-api';
import { useParentChildren } from './parent-api';

type Field = keyof AuthorizedAdultInput;
const FIELDS = [
  { name: 'name', type: 'text', autoComplete: 'off' },
  { name: 'relation', type: 'text', autoComplete: 'off' },
  { name: 'phone', type: 'tel', autoComplete: 'off' },
] as const;
const EMPTY: Record<Field, string> = { name: '', relation: '', phone: '' };

/** What went wrong in the guardian's words: the server's own when it answered, ours when it could not be reached. */
const wordsOf = (error: unknown, t: Translation['t']) =>
  error instanceof ApiError && error.status !== 0
    ? error.message
    : error instanceof ApiError
      ? t('kit.cannotReachServer')
      : t('adults.photoUnreadable');

/**
 * The shared schema checks the adult as the server does; its messages are English, so each problem is said in the
 * guardian's language from what the schema found (missing, too long, not a phone number, not storable).
 */
function problemsOf(values: Record<Field, string>, t: Translation['t']) {
  const parsed = authorizedAdultInputSchema.safeParse(values);
  const found: Partial<Record<Field, string>> = {};
  if (parsed.success) return { input: parsed.data, found };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    if (found[field]) continue;
    const label = t(`adults.${field}`);
    if (values[field].trim() === '') found[field] = t('form.required', { field: label });
    else if (issue.code === 'too_big')
      found[field] = t('form.tooLong', { field: label, max: Number(issue.maximum) });
    else if (field === 'phone') found.phone = t('contact.phoneFormat', { field: label });
    else found[field] = t('adults.unstorable', { field: label });
  }
  return { input: null, found };
}

function AddAdultForm({ childId, name }: { childId: string; name: string }) {
  const { t } = useT();
  const show = useToast();
  const add = useAddAdult(childId);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { input, found } = problemsOf(values, t);
    setErrors(found);
    if (!input) return;
    setRefusal(null);
    try {
      await add.mutateAsync(input);
      show(t('adults.added', { adult: input.name, name }), 'success');
      setValues(EMPTY);
    } catch (error) {
      // A field the server names shows at that field; anything else above the form.
      const placed =
        error instanceof ApiError ? error.errors.filter((item) => item.field && item.field in EMPTY) : [];
      setErrors(Object.fromEntries(placed.map((item) => [item.field, item.message])));
      if (placed.length === 0) setRefusal(wordsOf(error, t));
    }
  };

  return (
    <Card>
      <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="adult-new">
        <Stack gap={2}>
          <Heading level={2} id="adult-new">
            {t('adults.new')}
          </Heading>
          {refusal && <Alert tone="error">{refusal}</Alert>}
          {FIELDS.map(({ name: field, type, autoComplete }) => (
            <TextField
              key={field}
              label={t(`adults.${field}`)}
              hint={field === 'relation' ? t('adults.relationHint') : undefined}
              type={type}
              autoComplete={autoComplete}
              required
              value={values[field]}
              onChange={(event) => setValues((before) => ({ ...before, [field]: event.target.value }))}
              error={errors[field]}
            />
          ))}
          <Text tone="muted" size="small">
            {t('adults.photoLater')}
          </Text>
          <div>
            <Button type="submit" icon="add" busy={add.isPending}>
              {t('adults.add')}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}

/** One adult: photo (or initials), name, relation, phone to call, their photo to add or change, and Remove. */
function AdultRow({
  adult,
  childId,
  onRemove,
}: {
  adult: AuthorizedAdult;
  childId: string;
  onRemove: () => void;
}) {
  const { t } = useT();
  const show = useToast();
  const photo = useAdultPhoto(childId);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (file: File) => {
    setProblem(null);
    try {
      await photo.mutateAsync({ adultId: adult.id, photo: await photoAsJpeg(file) });
      show(t('adults.photoSaved', { adult: adult.name }), 'success');
    } catch (error) {
      setProblem(wordsOf(error, t));
    }
  };

  return (
    <ListItem
      start={<Avatar name={adult.name} src={adult.photo} size={56} />}
      end={<IconButton icon="delete" label={t('adults.remove', { adult: adult.name })} onClick={onRemove} />}
    >
      <Text>{adult.name}</Text>
      <Text tone="muted" size="small">
        {adult.relation}
      </Text>
      <a className="parent-tel" href={`tel:${adult.phone.replace(/[^\d+]/g, '')}`} dir="ltr">
        {adult.phone}
      </a>
      <div>
        <PhotoButton
          busy={photo.isPending}
          label={t('adults.photoLabel', { adult: adult.name })}
          onFile={(file) => void send(file)}
        >
          {adult.photo ? t('adults.changePhoto') : t('adults.addPhoto')}
        </PhotoButton>
      </div>
      {problem && <Alert tone="error">{problem}</Alert>}
    </ListItem>
  );
}

/** Whether the driver must hand the child to one of these adults, and why (the school's rule or the office's choice). */
function NeededNote({ handOver, name }: { handOver: HandOverOfChild; name: string }) {
  const { t } = useT();
  return (
    <Alert tone="info" title={t(handOver.needed ? 'adults.needed' : 'adults.notNeeded', { name })}>
      {t(`adults.choice.${handOver.choice}`, { name })}
    </Alert>
  );
}

function Adults({ childId, name }: { childId: string; name: string }) {
  const { t } = useT();
  const show = useToast();
  const handOver = useChildHandOver(childId);
  const remove = useRemoveAdult(childId);
  const [removing, setRemoving] = useState<AuthorizedAdult | null>(null);
  const [removeProblem, setRemoveProblem] = useState<string | null>(null);

  if (handOver.isPending) return <PageLoader />;
  if (handOver.isError) return <RetryAlert error={handOver.error} onRetry={() => void handOver.refetch()} />;
  const { adults, needed } = handOver.data;

  const close = () => {
    setRemoving(null);
    setRemoveProblem(null);
  };
  const confirmRemove = async () => {
    if (!removing) return;
    setRemoveProblem(null);
    try {
      await remove.mutateAsync(removing.id);
      show(t('adults.removed', { adult: removing.name, name }), 'success');
      close();
    } catch (error) {
      setRemoveProblem(wordsOf(error, t));
    }
  };

  return (
    <>
      <NeededNote handOver={handOver.data} name={name} />
      {adults.length === 0 ? (
        <Alert tone={needed ? 'warning' : 'info'}>
          {needed ? t(`adults.emptyNeeded.${handOver.data.noAdultRule}`, { name }) : t('adults.empty')}
        </Alert>
      ) : (
        <Card>
          <Heading level={2}>{t('adults.count', { count: adults.length, name })}</Heading>
          <List label={t('adults.listLabel', { name })}>
            {adults.map((adult) => (
              <AdultRow key={adult.id} adult={adult} childId={childId} onRemove={() => setRemoving(adult)} />
            ))}
          </List>
        </Card>
      )}
      <AddAdultForm childId={childId} name={name} />
      <ConfirmDialog
        open={removing !== null}
        title={t('adults.removeTitle', { adult: removing?.name ?? '' })}
        message={
          <Stack gap={1}>
            <Text>{t('adults.removeMessage', { adult: removing?.name ?? '', name })}</Text>
            {removeProblem && <Alert tone="error">{removeProblem}</Alert>}
          </Stack>
        }
        confirmLabel={t('adults.removeConfirm')}
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={close}
      />
    </>
  );
}

/**
 * /parent/children/:id/adults, "Who may collect" (decision 065): the adults who may receive the child at drop-off,
 * kept by the guardians (and the office); the driver hands a child who needs it only to one of them.
 */
export function ParentAdultsPage() {
  const { t } = useT();
  const { id = '' } = useParams();
  const { data: today } = useParentChildren();
  const childName = today?.children.find((child) => child.id === id)?.name;
  const name = childName ?? t('adults.yourChild');
  return (
    <Stack gap={3} align="stretch">
      <Heading level={1}>{childName ? t('adults.title', { name }) : t('adults.titleNoName')}</Heading>
      <Text>{t('adults.intro', { name })}</Text>
      <Adults childId={id} name={name} />
      <BackToToday />
    </Stack>
  );
}
