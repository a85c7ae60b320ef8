import type { AdminRole, AdminStatus } from '../../src/shared/constants';
import type { Queryable } from '../db';
import { hashPassword } from '../passwords';
import { findAdminByEmail, insertAdmin } from './queries';

/** A demo Admin (role Admin, Active) that can sign in, to try the console as a non-Super Admin. */
export const DEMO_ADMIN = { email: 'priya.sharma@demo.example.com', password: 'demo-admin-1' } as const;

interface DemoAdmin {
  name: string;
  email: string;
  phoneNo: string;
  role: AdminRole;
  status: AdminStatus;
  password?: string;
}

const DEMO_ADMINS: DemoAdmin[] = [
  { name: 'Priya Sharma', email: DEMO_ADMIN.email, phoneNo: '9820012345', role: 'Admin', status: 'Active', password: DEMO_ADMIN.password },
  { name: 'Arjun Reddy', email: 'arjun.reddy@demo.example.com', phoneNo: '+91 9848022338', role: 'Admin', status: 'Active' },
  { name: 'Meenakshi Iyer', email: 'meenakshi.iyer@demo.example.com', phoneNo: '9445012876', role: 'Admin', status: 'Inactive' },
  { name: 'Rohan Deshmukh', email: 'rohan.deshmukh@demo.example.com', phoneNo: '9011223344', role: 'User', status: 'Active' },
  { name: 'Ananya Banerjee', email: 'ananya.banerjee@demo.example.com', phoneNo: '8017654321', role: 'User', status: 'Active' },
  { name: 'Gurpreet Singh', email: 'gurpreet.singh@demo.example.com', phoneNo: '9815098150', role: 'User', status: 'Inactive' },
  { name: 'Kavya Nair', email: 'kavya.nair@demo.example.com', phoneNo: '7025123456', role: 'User', status: 'Active' },
  { name: 'Farhan Qureshi', email: 'farhan.qureshi@demo.example.com', phoneNo: '09876501234', role: 'User', status: 'Inactive' },
  { name: 'Sneha Patel', email: 'sneha.patel@demo.example.com', phoneNo: '6355012345', role: 'User', status: 'Active' },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Demo admins, added over the last weeks by the first Super Admin (when there is one). Skips existing emails. */
export async function seedAdmins(q: Queryable, now: Date): Promise<number> {
  const [superAdmin] = await q.query<{ id: string }>(`SELECT id FROM admins WHERE role = 'Super Admin' ORDER BY added_at LIMIT 1`);
  let added = 0;
  for (const [index, admin] of DEMO_ADMINS.entries()) {
    if (await findAdminByEmail(q, admin.email)) continue;
    await insertAdmin(
      q,
      {
        ...admin,
        passwordHash: admin.password ? await hashPassword(admin.password) : null,
        addedBy: superAdmin?.id ?? null,
      },
      new Date(now.getTime() - (DEMO_ADMINS.length - index) * 3 * DAY_MS),
    );
    added += 1;
  }
  return added;
}
