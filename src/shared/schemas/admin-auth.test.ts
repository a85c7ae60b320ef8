import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AdminDraftSchema, INDIAN_MOBILE_PATTERN } from './admin-auth';
import { MSG } from '../messages';

const valid = { name: 'Asha', email: 'asha@example.in', phoneNo: '9876543210', role: 'Admin', status: 'Inactive' };
const messageFor = (input: unknown) => {
  const result = v.safeParse(AdminDraftSchema, input);
  return result.success ? null : result.issues[0]?.message;
};

describe('the admin form schema', () => {
  it('accepts a valid admin', () => expect(messageFor(valid)).toBeNull());
  it("says 'Enter name!' for an empty or blank name", () => {
    expect(messageFor({ ...valid, name: '' })).toBe(MSG.enterName);
    expect(messageFor({ ...valid, name: '   ' })).toBe(MSG.enterName);
  });
  it("says 'Enter valid email!' for a malformed email", () => {
    for (const email of ['', 'asha', 'asha@', 'asha@example', 'a b@example.in']) expect(messageFor({ ...valid, email })).toBe(MSG.enterValidEmail);
  });
  it("says 'Enter valid Phone No.!' for anything but an Indian mobile number", () => {
    for (const phoneNo of ['', '12345', '5876543210', '98765432101', '+44 7911123456']) expect(messageFor({ ...valid, phoneNo })).toBe(MSG.enterValidPhone);
    for (const phone of ['9876543210', '+919876543210', '+91 9876543210', '09876543210', '6000000000']) expect(INDIAN_MOBILE_PATTERN.test(phone)).toBe(true);
  });
});
