import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import type * as v from 'valibot';
import { useNavigate } from 'react-router-dom';
import { Button, Card, Field, Input, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { ChangePasswordInputSchema } from '../../../shared/schemas/admin-auth';
import { CHANGE_PASSWORD_REDIRECT_MS, MIN_PASSWORD_LENGTH } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { useSession } from '../../lib/session-store';
import { PageHeader } from '../../components/PageHeader';
import { useCallMutation } from '../../lib/calls';
import { useFormStyles } from './AuthLayout';
import { AuthField } from './AuthField';

type ChangeInput = v.InferInput<typeof ChangePasswordInputSchema>;

const useStyles = makeStyles({
  card: { maxWidth: '440px', padding: tokens.spacingHorizontalXXL },
});

/** /change-password (signed in): email, old and new password; success returns to / after 2 seconds. */
export default function ChangePasswordPage() {
  const styles = useStyles();
  const formStyles = useFormStyles();
  const change = useCallMutation('session.changePassword', { fallback: MSG.somethingWentWrong, success: MSG.passwordChanged, successTimeout: CHANGE_PASSWORD_REDIRECT_MS });
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const { control, handleSubmit, formState } = useForm<ChangeInput>({
    resolver: valibotResolver(ChangePasswordInputSchema),
    defaultValues: { email: user?.email ?? '', oldPassword: '', newPassword: '' },
  });
  const busy = formState.isSubmitting || formState.isSubmitSuccessful;
  // Confirm new password, as on the reset screen: a typo in a password nobody sees locks the admin out.
  const [confirm, setConfirm] = useState('');
  const [confirmChecked, setConfirmChecked] = useState(false);
  const newPassword = useWatch({ control, name: 'newPassword' });
  const mismatch = confirm !== newPassword;
  const confirmMessage = mismatch && (confirmChecked || confirm) ? 'The passwords do not match.' : undefined;

  const submit = handleSubmit(async (values) => {
    setConfirmChecked(true);
    if (confirm !== values.newPassword) throw new Error('The passwords do not match.');
    const result = await change.run(values);
    // A throw keeps the form editable (not 'submit successful').
    if (!result.ok) throw new Error(result.error.message);
    timer.current = window.setTimeout(() => navigate('/'), CHANGE_PASSWORD_REDIRECT_MS);
  });

  const field = (name: keyof ChangeInput, label: string, type: 'email' | 'password', autoComplete: string, hint?: string) => (
    <AuthField control={control} name={name} label={label} type={type} autoComplete={autoComplete} disabled={busy} hint={hint} />
  );

  return (
    <>
      <PageHeader title="Change password" />
      <Card className={styles.card}>
        <form
          className={formStyles.form}
          noValidate
          aria-label="Change password"
          onSubmit={(e) => {
            setConfirmChecked(true);
            void submit(e).catch(() => undefined);
          }}
        >
          {field('email', 'Email', 'email', 'username')}
          {field('oldPassword', 'Old password', 'password', 'current-password')}
          {field('newPassword', 'New password', 'password', 'new-password', `At least ${MIN_PASSWORD_LENGTH} characters.`)}
          <Field label="Confirm new password" validationState={confirmMessage ? 'error' : 'none'} validationMessage={confirmMessage}>
            <Input type="password" autoComplete="new-password" value={confirm} disabled={busy} onChange={(_e, d) => setConfirm(d.value)} />
          </Field>
          <div className={formStyles.actions}>
            <Button onClick={() => navigate(-1)} disabled={busy}>
              Cancel
            </Button>
            <Button appearance="primary" type="submit" disabled={busy} icon={formState.isSubmitting ? <Spinner size="tiny" /> : undefined}>
              Change password
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}
