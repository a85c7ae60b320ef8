import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import type * as v from 'valibot';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Link, Spinner } from '@fluentui/react-components';
import { EyeOffRegular, EyeRegular } from '@fluentui/react-icons';
import { LoginInputSchema } from '../../../shared/schemas/admin-auth';
import { MSG } from '../../../shared/messages';
import { useSession } from '../../lib/session-store';
import { useCallMutation } from '../../lib/calls';
import { AuthLayout, useFormStyles } from './AuthLayout';
import { ConnectionPanel } from './ConnectionPanel';
import { AuthField } from './AuthField';

type LoginInput = v.InferInput<typeof LoginInputSchema>;

/**
 * Login. Shown at /login and, by the route guard, in place of any screen asked for without a session:
 * after login that screen simply renders (at /login the user goes to where they came from, or /).
 */
export function LoginPage() {
  const styles = useFormStyles();
  const login = useCallMutation('session.login', { fallback: MSG.somethingWentWrong, success: MSG.loginSuccessful });
  const navigate = useNavigate();
  const location = useLocation();
  const setSession = useSession((s) => s.setSession);
  const [showPassword, setShowPassword] = useState(false);
  const { control, handleSubmit, formState, setFocus } = useForm<LoginInput>({
    resolver: valibotResolver(LoginInputSchema),
    defaultValues: { email: '', password: '' },
  });

  // How many logins were refused (the reason is the server's, in the toast), and how many of them
  // have sent the focus back to the password.
  const [refusals, setRefusals] = useState(0);
  const focusedRefusals = useRef(0);
  const submit = handleSubmit(async (values) => {
    const result = await login.run(values);
    if (!result.ok) {
      setRefusals((n) => n + 1);
      return;
    }
    if (location.pathname === '/login') {
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/login' ? from : '/', { replace: true });
    }
    setSession(result.data.session);
  });
  const busy = formState.isSubmitting;
  // The fields are disabled while the form is sent, which drops the focus to the page: after a refusal
  // it goes to the password, ready to be typed again (once: a later submit's field messages keep theirs).
  useEffect(() => {
    if (busy || refusals === focusedRefusals.current) return;
    focusedRefusals.current = refusals;
    setFocus('password', { shouldSelect: true });
  }, [refusals, busy, setFocus]);

  return (
    <AuthLayout title="Log in" subtitle="Sign in with your admin account." below={<ConnectionPanel />}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label="Log in">
        <AuthField control={control} name="email" label="Email" type="email" autoComplete="username" autoFocus disabled={busy} />
        <AuthField
          control={control}
          name="password"
          label="Password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          disabled={busy}
          contentAfter={
            <Button
              appearance="transparent"
              size="small"
              icon={showPassword ? <EyeOffRegular /> : <EyeRegular />}
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((s) => !s)}
            />
          }
        />
        <div className={styles.row}>
          <Link as="a" href="#/forgot-password" onClick={(e) => { e.preventDefault(); navigate('/forgot-password'); }}>
            Forgot password?
          </Link>
          <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            Login
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}

