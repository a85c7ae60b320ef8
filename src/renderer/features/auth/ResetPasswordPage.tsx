import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
} from '@fluentui/react-components';
import { MIN_PASSWORD_LENGTH } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { useCallMutation } from '../../lib/calls';
import { AuthLayout, useFormStyles } from './AuthLayout';

/** /reset-password?token=...: the link of the reset mail (or the content-console:// deep link). */
export default function ResetPasswordPage() {
  const styles = useFormStyles();
  // The screen says it is done itself; only a failure toasts.
  const reset = useCallMutation('session.resetPassword', { fallback: MSG.somethingWentWrong, success: false });
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const longEnough = password.length >= MIN_PASSWORD_LENGTH;
  const matches = password === confirm;
  const canSubmit = !!token && longEnough && matches && !busy;

  const submit = async () => {
    if (!canSubmit) return;
    setBusy(true);
    const result = await reset.run({ token, password });
    setBusy(false);
    if (result.ok) setDone(result.data.message);
  };

  const toLogin = (
    <Link
      href="#/forgot-password"
      onClick={(e) => {
        e.preventDefault();
        navigate('/forgot-password');
      }}
    >
      Ask for a new link
    </Link>
  );

  if (!token) {
    return (
      <AuthLayout title="Reset password">
        <MessageBar intent="warning" role="alert" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>This reset link is incomplete</MessageBarTitle>
            The link has no reset token. Open the link from the email again, or ask for a new one.
          </MessageBarBody>
        </MessageBar>
        {toLogin}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Reset password" subtitle={`Choose a new password of at least ${MIN_PASSWORD_LENGTH} characters.`}>
      <form
        className={styles.form}
        noValidate
        aria-label="Reset password"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field
          label="New password"
          validationState={password && !longEnough ? 'warning' : 'none'}
          validationMessage={password && !longEnough ? `At least ${MIN_PASSWORD_LENGTH} characters.` : undefined}
        >
          <Input type="password" autoComplete="new-password" autoFocus value={password} disabled={busy} onChange={(_e, d) => setPassword(d.value)} />
        </Field>
        <Field
          label="Confirm new password"
          validationState={confirm && !matches ? 'warning' : 'none'}
          validationMessage={confirm && !matches ? 'The passwords do not match.' : undefined}
        >
          <Input type="password" autoComplete="new-password" value={confirm} disabled={busy} onChange={(_e, d) => setConfirm(d.value)} />
        </Field>
        <div className={styles.row}>
          {toLogin}
          <Button appearance="primary" type="submit" disabled={!canSubmit} icon={busy ? <Spinner size="tiny" /> : undefined}>
            Reset password
          </Button>
        </div>
      </form>
      <Dialog open={done !== null} modalType="alert">
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{MSG.resetDone}</DialogTitle>
            <DialogContent>{done}</DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => navigate('/', { replace: true })}>
                OK
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </AuthLayout>
  );
}
