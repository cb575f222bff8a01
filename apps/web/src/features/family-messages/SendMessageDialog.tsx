import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  AUDIENCE_KINDS,
  familyMessageInputSchema,
  fillPlaceholders,
  placeholdersOf,
  type Audience,
  type AudienceKind,
  type FamilyMessageInput,
} from '@school-transport/shared';
import { useState, type BaseSyntheticEvent } from 'react';
import { FormDialog } from '../../components/form/FormDialog';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { ApiError } from '../../lib/api/api-client';
import {
  useAudienceChoices,
  useRecipientCount,
  useSendFamilyMessage,
  useTemplateChoices,
  type FamilyMessagePayload,
} from './family-messages-api';

const AUDIENCE_WORDS: Record<AudienceKind, string> = {
  run: 'The guardians of a run of today',
  route: 'The guardians of a route',
  school: 'The guardians of a school',
  stop: 'The guardians of a stop',
  everyone: 'Every guardian',
};

/** The audience once it is complete: a kind, and what it names unless it is everyone. */
const audienceOf = (kind: AudienceKind, id: string): Audience | null =>
  kind === 'everyone' ? { kind } : id ? { kind, id } : null;

/**
 * 'Send a message': the audience, a template with its placeholders filled or the office's own text, the number
 * of guardians it reaches now, and a confirmation before it goes. Checked by the schema the server checks with;
 * a refusal of the server shows under its field or above the form.
 */
export function SendMessageDialog({ onClose }: { onClose: () => void }) {
  const choices = useAudienceChoices();
  const templates = useTemplateChoices();
  const send = useSendFamilyMessage();
  const [kind, setKind] = useState<AudienceKind>('route');
  const [targetId, setTargetId] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [confirming, setConfirming] = useState<FamilyMessagePayload | null>(null);
  const audience = audienceOf(kind, targetId);
  const count = useRecipientCount(audience);
  const template = templates.data?.find((row) => row.id === templateId);
  const placeholders = template ? placeholdersOf(template.body) : [];

  const check = async (event?: BaseSyntheticEvent) => {
    event?.preventDefault();
    const input: FamilyMessageInput = {
      audience: (audience ?? { kind, id: '' }) as Audience,
      templateId: templateId || null,
      values: Object.fromEntries(placeholders.map((name) => [name, values[name] ?? ''])),
      body: templateId ? '' : body,
    };
    const parsed = familyMessageInputSchema.safeParse(input);
    const found: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
    setErrors(found);
    setProblems(parsed.success ? [] : ['Fix the fields marked below.']);
    if (parsed.success) setConfirming(parsed.data);
  };

  const confirm = async () => {
    try {
      await send.mutateAsync(confirming!);
      onClose();
    } catch (error) {
      setConfirming(null);
      if (error instanceof ApiError) {
        const fieldErrors = Object.fromEntries(
          (error.errors ?? []).filter((e) => e.field).map((e) => [e.field!, e.message]),
        );
        setErrors(fieldErrors);
        setProblems([error.message]);
      } else setProblems(['The message could not be sent. Try again.']);
    }
  };

  const targets = kind === 'everyone' ? [] : (choices.data?.[kind] ?? []);
  const preview = template ? fillPlaceholders(template.body, values) : body;
  const countWords = !audience
    ? 'Choose whom to write to.'
    : count.isPending
      ? 'Counting the guardians…'
      : count.isError
        ? 'The guardians could not be counted.'
        : `${count.data.recipients} guardian(s) of ${count.data.label} will receive it.`;

  return (
    <>
      <FormDialog
        title="Send a Message to Families"
        submitLabel="Send…"
        problems={problems}
        submitting={send.isPending}
        onSubmit={check}
        onClose={onClose}
      >
        <Stack spacing={2}>
          {choices.isError && (
            <Alert severity="error">The runs, routes, schools and stops could not be loaded.</Alert>
          )}
          <TextField
            select
            label="To"
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as AudienceKind);
              setTargetId('');
            }}
            fullWidth
          >
            {AUDIENCE_KINDS.map((value) => (
              <MenuItem key={value} value={value}>
                {AUDIENCE_WORDS[value]}
              </MenuItem>
            ))}
          </TextField>
          {kind !== 'everyone' && (
            <TextField
              select
              required
              label={{ run: 'Run', route: 'Route', school: 'School', stop: 'Stop' }[kind]}
              value={targetId}
              onChange={(event) => setTargetId(event.target.value)}
              error={errors['audience.id'] !== undefined}
              helperText={
                errors['audience.id'] ??
                (choices.isSuccess && !targets.length ? 'None to choose from.' : undefined)
              }
              fullWidth
            >
              {targets.map((target) => (
                <MenuItem key={target.id} value={target.id}>
                  {target.label}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Alert severity={count.isError ? 'error' : 'info'} role="status">
            {countWords}
          </Alert>
          <TextField
            select
            label="Template"
            value={templateId}
            onChange={(event) => {
              setTemplateId(event.target.value);
              setValues({});
            }}
            error={errors.templateId !== undefined}
            helperText={
              errors.templateId ?? (templates.isError ? 'The templates could not be loaded.' : undefined)
            }
            fullWidth
          >
            <MenuItem value="">No template: write the message</MenuItem>
            {(templates.data ?? []).map((row) => (
              <MenuItem key={row.id} value={row.id}>
                {row.name}
              </MenuItem>
            ))}
          </TextField>
          {placeholders.map((name) => (
            <TextField
              key={name}
              required
              label={`{${name}}`}
              value={values[name] ?? ''}
              onChange={(event) => setValues((all) => ({ ...all, [name]: event.target.value }))}
              error={errors[`values.${name}`] !== undefined}
              helperText={errors[`values.${name}`]}
              fullWidth
            />
          ))}
          {!template && (
            <TextField
              required
              multiline
              minRows={3}
              label="Message"
              value={body}
              onChange={(event) => setBody(event.target.value)}
              error={errors.body !== undefined}
              helperText={errors.body}
              fullWidth
            />
          )}
          {template && <Alert severity="info">{preview}</Alert>}
        </Stack>
      </FormDialog>
      {confirming && (
        <ConfirmDialog
          open
          title="Send this message?"
          text={`${preview} — to ${count.data ? `${count.data.recipients} guardian(s) of ${count.data.label}` : 'the chosen guardians'}, by push or e-mail. It cannot be taken back.`}
          confirmLabel="Send"
          confirmColor="primary"
          onConfirm={confirm}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}
