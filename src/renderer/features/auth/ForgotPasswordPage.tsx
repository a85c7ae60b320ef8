import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import type * as v from 'valibot';
import { useNavigate } from 'react-router-dom';
import { Button, Link, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { ForgotPasswordSchema } from '../../../shared/schemas/admin-auth';
import { MSG } from '../../../shared/messages';
import { useCallMutation } from '../../lib/calls';
import { AuthLayout, useFormStyles } from './AuthLayout';
import { AuthField } from './AuthField';

type ForgotInput = v.InferInput<typeof ForgotPasswordSchema>;

/** /forgot-password: asks the server to mail a reset link, then shows the server's message. */
export default function ForgotPasswordPage() {
  const styles = useFormStyles();
  // The server's message is the success toast of every call (spec 1 section 8), and it stays on the page
  // as a status too: what to do next (read the mail) is still there after the toast has gone.
  const forgot = useCallMutation('session.forgotPassword', { fallback: MSG.somethingWentWrong });
  const navigate = useNavigate();
  const [sent, setSent] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<ForgotInput>({
    resolver: valibotResolver(ForgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const busy = formState.isSubmitting;

  const submit = handleSubmit(async (values) => {
    setSent(null);
    const result = await forgot.run(values);
    if (result.ok) setSent(result.data.message);
  });

  return (
    <AuthLayout title="Forgot password" subtitle="Enter your account's email and we will send you a link to reset the password.">
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label="Forgot password">
        {sent ? (
          <MessageBar intent="success" role="status">
            <MessageBarBody>{sent}</MessageBarBody>
          </MessageBar>
        ) : null}
        <AuthField control={control} name="email" label="Email" type="email" autoComplete="username" autoFocus disabled={busy} />
        <div className={styles.row}>
          <Link
            href="#/login"
            onClick={(e) => {
              e.preventDefault();
              navigate('/login');
            }}
          >
            Back to login
          </Link>
          <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            Send reset link
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
