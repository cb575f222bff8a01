import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  messageTemplateInputSchema,
  type MessageTemplate,
  type MessageTemplateInput,
} from '@school-transport/shared';
import { FormDialog } from '../../components/form/FormDialog';
import { FormTextField } from '../../components/form/FormTextField';
import { showServerFieldErrors } from '../../components/form/server-field-errors';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { useOtherLanguages, useSaveMessageTemplate } from './family-messages-api';

interface MessageTemplateFormDialogProps {
  /** The template to edit; a new one is added without it. */
  template?: MessageTemplate;
  onClose: () => void;
}

/**
 * A template's name, its text with placeholders in braces ("Bus {route} is running about {minutes} minutes late"),
 * and optionally the same text in each other language the server speaks; a guardian whose language has one reads
 * it, the others read the main text. The shared schema checks every translation names the same placeholders.
 */
export function MessageTemplateFormDialog({ template, onClose }: MessageTemplateFormDialogProps) {
  const save = useSaveMessageTemplate();
  const languages = useOtherLanguages();
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(messageTemplateInputSchema, {
    name: template?.name ?? '',
    body: template?.body ?? '',
    translations: template?.translations ?? {},
  } satisfies MessageTemplateInput);
  const fieldNames = [
    'name',
    'body',
    ...(languages.data ?? []).map((l) => `translations.${l.code}` as const),
  ] as const;

  return (
    <FormDialog
      title={template ? 'Edit Template' : 'Add Template'}
      submitLabel={template ? 'Save Changes' : 'Add Template'}
      problems={problems}
      submitting={isSubmitting}
      onSubmit={submitWith(async (payload) => {
        try {
          await save.mutateAsync({ id: template?.id, payload });
        } catch (error) {
          if (showServerFieldErrors(error, fieldNames, control.setError)) return;
          throw error;
        }
        onClose();
      })}
      onClose={onClose}
    >
      <Stack spacing={2}>
        <FormTextField control={control} name="name" label="Template Name" required />
        <FormTextField
          control={control}
          name="body"
          label="Text (English)"
          required
          multiline
          minRows={3}
          helperText="Placeholders in braces, filled in when sending: Bus {route} is running about {minutes} minutes late"
        />
        {(languages.data ?? []).map((language) => (
          <FormTextField
            key={language.code}
            control={control}
            name={`translations.${language.code}`}
            label={`Text in ${language.name} (optional)`}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { dir: language.direction, lang: language.code } }}
          />
        ))}
        {languages.isError && (
          <Typography color="error">
            The other languages could not be loaded; the English text is sent to everyone.
          </Typography>
        )}
      </Stack>
    </FormDialog>
  );
}
