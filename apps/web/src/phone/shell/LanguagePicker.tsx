import { useState } from 'react';
import { useT } from '../i18n';
import { SelectField, useToast } from '../kit';

/** The value of "follow this phone's language" in the list (no stored choice). */
const FOLLOW_DEVICE = '';

/**
 * The language of the app, each named in its own language ("Español", "العربية") so anyone finds theirs. Signed
 * in, the choice is kept with the account (mails and notifications follow it); before, on this phone only.
 */
export function LanguagePicker() {
  const { t, language, languages, setLanguage } = useT();
  const show = useToast();
  const [saving, setSaving] = useState(false);
  const [followingDevice, setFollowingDevice] = useState(false);

  return (
    <SelectField
      label={t('language.label')}
      value={followingDevice ? FOLLOW_DEVICE : language}
      disabled={saving}
      options={[
        { value: FOLLOW_DEVICE, label: t('language.followDevice') },
        ...languages.map(({ code, name }) => ({ value: code, label: name })),
      ]}
      lang={undefined}
      onChange={async (event) => {
        const code = event.target.value || null;
        setSaving(true);
        try {
          await setLanguage(code);
          setFollowingDevice(code === null);
        } catch {
          show(t('language.notSaved'), 'error');
        } finally {
          setSaving(false);
        }
      }}
    />
  );
}
