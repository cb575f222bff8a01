import { changeNameSchema, type Profile } from '@school-transport/shared';
import { FormTextField } from '../../components/form/FormTextField';
import { PageForm } from '../../components/form/PageForm';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { useSession } from '../../lib/session/session';
import { useChangeName } from './profile-api';
import { TitledPanel } from '../../components/page/TitledPanel';

export function NameSection({ profile }: { profile: Profile }) {
  const changeName = useChangeName();
  const { updateUser } = useSession();
  const { control, problems, submitWith, isSubmitting } = useSchemaForm(changeNameSchema, {
    name: profile.name,
  });

  const submit = submitWith(async (input) => {
    const answer = await changeName.mutateAsync(input);
    // The top bar shows the stored user's name.
    updateUser({ name: answer.data?.name ?? input.name });
  });

  return (
    <TitledPanel title="Name">
      <PageForm submitLabel="Save Name" problems={problems} submitting={isSubmitting} onSubmit={submit}>
        <FormTextField control={control} name="name" label="Full Name" autoComplete="name" required />
      </PageForm>
    </TitledPanel>
  );
}
