import * as v from 'valibot';
import { defineCall, recordById, type CallDef } from './contract';
import { MessageSchema } from '../schemas/common';
import {
  AdminDraftSchema,
  AdminUpdateSchema,
  AdminUserSchema,
  ChangePasswordWireSchema,
  ForgotPasswordSchema,
  LoginResponseSchema,
  LoginWireSchema,
  ResetPasswordWireSchema,
} from '../schemas/admin-auth';
import { IdSchema } from '../schemas/common';

/** Admin auth (spec 1 section 7). Responses the spec leaves unshown are decided in docs/decisions/session-and-shell.md. */
export const adminAuth = {
  login: defineCall({
    service: 'adminAuth', method: 'POST', path: '/login', auth: 'none', body: 'json',
    input: LoginWireSchema, output: LoginResponseSchema, exposed: false,
  }),
  logout: defineCall({
    service: 'adminAuth', method: 'POST', path: '/logout', auth: 'token+access-token', body: 'json',
    input: v.object({}), output: MessageSchema, exposed: false,
    addition:
      'The spec has no logout call, so signing out only forgot the token while the server still honoured it. ' +
      "This deletes the caller's session record; main calls it on logout and when switching servers.",
  }),
  forgotPassword: defineCall({
    service: 'adminAuth', method: 'POST', path: '/forgot-password', auth: 'none', body: 'json',
    input: ForgotPasswordSchema, output: MessageSchema,
  }),
  changePassword: defineCall({
    service: 'adminAuth', method: 'POST', path: '/change-password', auth: 'token+access-token', body: 'json',
    input: ChangePasswordWireSchema, output: MessageSchema, exposed: false,
  }),
  resetPassword: defineCall({
    service: 'adminAuth', method: 'POST', path: '/reset-password', auth: 'none', body: 'json',
    input: ResetPasswordWireSchema, output: MessageSchema, exposed: false,
  }),
  users: defineCall({
    service: 'adminAuth', method: 'GET', path: '/users', auth: 'token+access-token', body: 'none',
    input: v.object({}), output: v.array(AdminUserSchema), data: 'users',
  }),
  getUser: defineCall({
    service: 'adminAuth', method: 'GET', path: '/get-user/{id}', auth: 'token+access-token', body: 'none',
    input: v.object({ id: IdSchema }), output: AdminUserSchema, data: 'user',
  }),
  register: defineCall({
    service: 'adminAuth', method: 'POST', path: '/register', auth: 'token+access-token', body: 'json',
    input: AdminDraftSchema, output: MessageSchema,
  }),
  update: defineCall({
    service: 'adminAuth', method: 'PUT', path: '/update', auth: 'token+access-token', body: 'json',
    repeatable: true,
    input: AdminUpdateSchema, output: MessageSchema,
    record: recordById((): CallDef => adminAuth.getUser, AdminUserSchema, { idField: 'id', readInput: (input) => ({ id: input.id }) }),
  }),
  delete: defineCall({
    service: 'adminAuth', method: 'DELETE', path: '/delete/{id}', auth: 'token+access-token', body: 'none',
    input: v.object({ id: IdSchema }), output: MessageSchema,
    record: recordById((): CallDef => adminAuth.getUser, AdminUserSchema, { idField: 'id', readInput: (input) => ({ id: input.id }) }),
    restore: { never: 'A deleted admin cannot be brought back: their password is never kept. Add them again with a new one.' },
  }),
};
