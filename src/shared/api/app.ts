import * as v from 'valibot';
import { defineLocal } from './contract';
import { MessageSchema } from '../schemas/common';
import {
  ChangePasswordInputSchema,
  ForgotPasswordSchema,
  LoginInputSchema,
  ResetPasswordInputSchema,
  UserDetailsSchema,
} from '../schemas/admin-auth';
import { ConnectionSchema, SettingsViewSchema } from '../schemas/settings';

/** What the renderer may know of the session: never the token. */
export const SessionViewSchema = v.object({
  user: v.nullable(UserDetailsSchema),
  /** Where the token is kept: 'keychain', 'safeStorage' (encrypted file) or 'memory' (browser bridge). */
  tokenStore: v.picklist(['keychain', 'safeStorage', 'memory']),
});
export type SessionView = v.InferOutput<typeof SessionViewSchema>;

/**
 * Calls main answers itself. Session calls wrap the admin-auth calls that carry passwords or the token,
 * so that encoding and the keychain stay in main.
 */
export const local = {
  session: {
    current: defineLocal({ input: v.object({}), output: SessionViewSchema }),
    login: defineLocal({ input: LoginInputSchema, output: v.object({ message: v.string(), session: SessionViewSchema }) }),
    logout: defineLocal({ input: v.object({}), output: SessionViewSchema }),
    changePassword: defineLocal({ input: ChangePasswordInputSchema, output: MessageSchema }),
    resetPassword: defineLocal({ input: ResetPasswordInputSchema, output: MessageSchema }),
    forgotPassword: defineLocal({ input: ForgotPasswordSchema, output: MessageSchema }),
  },
  settings: {
    get: defineLocal({ input: v.object({}), output: SettingsViewSchema }),
    setConnection: defineLocal({ input: ConnectionSchema, output: SettingsViewSchema }),
  },
};
