import * as v from 'valibot';
import { ADMIN_ROLES, ADMIN_STATUSES, MIN_PASSWORD_LENGTH } from '../constants';
import { MSG } from '../messages';
import { DateTimeSchema, IdSchema } from './common';

/** Standard email pattern (spec 1 section 5, Admin). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** Indian mobile number: ten digits starting 6-9, optionally prefixed by +91, 91 or 0. */
export const INDIAN_MOBILE_PATTERN = /^(?:(?:\+91|91)[\s-]?|0)?[6-9]\d{9}$/;

export const EmailSchema = v.pipe(v.string(), v.trim(), v.maxLength(254, MSG.enterValidEmail), v.regex(EMAIL_PATTERN, MSG.enterValidEmail));
export const AdminRoleSchema = v.picklist(ADMIN_ROLES);
export const AdminStatusSchema = v.picklist(ADMIN_STATUSES);

const PersonRefSchema = v.object({ name: v.string() });

export const AdminUserSchema = v.object({
  id: IdSchema,
  name: v.pipe(v.string(), v.trim(), v.nonEmpty(MSG.enterName), v.maxLength(100)),
  email: EmailSchema,
  phoneNo: v.pipe(v.string(), v.trim(), v.regex(INDIAN_MOBILE_PATTERN, MSG.enterValidPhone)),
  role: AdminRoleSchema,
  status: AdminStatusSchema,
  addedBy: v.nullable(PersonRefSchema),
  updatedBy: v.nullable(PersonRefSchema),
  addedAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type AdminUser = v.InferOutput<typeof AdminUserSchema>;

/** What the add and edit dialogs send (POST /register). */
export const AdminDraftSchema = v.pick(AdminUserSchema, ['name', 'email', 'phoneNo', 'role', 'status']);
export type AdminDraft = v.InferOutput<typeof AdminDraftSchema>;
/** PUT /update carries the id too. */
export const AdminUpdateSchema = v.pick(AdminUserSchema, ['id', 'name', 'email', 'phoneNo', 'role', 'status']);

/** The signed-in admin as login returns it (and as main keeps it). */
export const UserDetailsSchema = v.object({
  id: IdSchema,
  name: v.string(),
  email: v.string(),
  role: AdminRoleSchema,
});
export type UserDetails = v.InferOutput<typeof UserDetailsSchema>;

export const PasswordSchema = v.pipe(v.string(), v.nonEmpty('Enter your password!'), v.maxLength(200));
export const NewPasswordSchema = v.pipe(
  v.string(),
  v.minLength(MIN_PASSWORD_LENGTH, `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`),
  v.maxLength(200),
);
/** Encoded passwords on the wire: what the password encoder produced. */
const EncodedPasswordSchema = v.pipe(v.string(), v.nonEmpty(), v.maxLength(1000));

// Wire payloads (what the platform receives).
export const LoginWireSchema = v.object({ email: EmailSchema, encryptedPassword: EncodedPasswordSchema });
export const LoginResponseSchema = v.object({
  status: v.optional(v.union([v.number(), v.string(), v.boolean()])),
  token: v.pipe(v.string(), v.nonEmpty()),
  userDetails: UserDetailsSchema,
  message: v.string(),
});
export const ForgotPasswordSchema = v.object({ email: EmailSchema });
export const ChangePasswordWireSchema = v.object({
  id: IdSchema,
  email: EmailSchema,
  encryptedOldPassword: EncodedPasswordSchema,
  encryptedNewPassword: EncodedPasswordSchema,
});
export const ResetPasswordWireSchema = v.object({
  encryptedPassword: EncodedPasswordSchema,
  token: v.pipe(v.string(), v.nonEmpty('The reset link is missing its token.'), v.maxLength(500)),
});

// Renderer-facing inputs of the session calls (main encodes the passwords).
export const LoginInputSchema = v.object({
  email: EmailSchema,
  password: PasswordSchema,
});
export const ChangePasswordInputSchema = v.object({
  email: EmailSchema,
  oldPassword: PasswordSchema,
  newPassword: NewPasswordSchema,
});
export const ResetPasswordInputSchema = v.object({
  token: v.pipe(v.string(), v.nonEmpty('The reset link is missing its token.'), v.maxLength(500)),
  password: NewPasswordSchema,
});
