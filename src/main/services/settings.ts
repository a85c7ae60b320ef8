import { join } from 'node:path';
import * as v from 'valibot';
import { SERVICES, type ServiceName } from '../../shared/api/contract';
import { StoredSettingsSchema, type Connection, type StoredSettings } from '../../shared/schemas/settings';
import { inOrderWrites, readFileOrNull } from './atomic-file';

const DEFAULT_SETTINGS: StoredSettings = { connection: { kind: 'sandbox' }, serviceBases: {} };

/** Settings in userData/settings.json, validated on read (a broken file falls back to the defaults). */
export async function loadSettings(dir: string, log: (m: string) => void): Promise<StoredSettings> {
  const raw = await readFileOrNull(join(dir, 'settings.json'));
  if (!raw) return DEFAULT_SETTINGS;
  try {
    const stored: unknown = JSON.parse(raw.toString('utf8'));
    const parsed = v.safeParse(StoredSettingsSchema, stored);
    if (parsed.success) return parsed.output;
    // Preferences past today's bounds (an older file) are dropped; the connection is kept.
    const withoutPreferences = v.safeParse(StoredSettingsSchema, { ...(stored as object), preferences: undefined });
    if (withoutPreferences.success) {
      log('settings.json has preferences that are not valid; using the defaults for them');
      return withoutPreferences.output;
    }
  } catch {
    // fall through
  }
  log('settings.json is not valid; using the defaults');
  return DEFAULT_SETTINGS;
}

/** One writer per settings file: changes made in quick succession reach the disk in their order. */
const settingsWriters = new Map<string, (data: string) => Promise<void>>();

export async function saveSettings(dir: string, settings: StoredSettings): Promise<void> {
  const path = join(dir, 'settings.json');
  let write = settingsWriters.get(path);
  if (!write) settingsWriters.set(path, (write = inOrderWrites(path)));
  await write(JSON.stringify(settings, null, 2));
}

/** The base URL of one service: an override, or the platform URL plus the service's prefix. */
export function serviceBase(settings: StoredSettings, platformUrl: string | null, service: ServiceName): string | null {
  const override = settings.serviceBases?.[service];
  if (override) return override;
  if (!platformUrl) return null;
  return platformUrl.replace(/\/+$/, '') + SERVICES[service];
}

export function platformUrlOf(connection: Connection, sandboxUrl: string | null): string | null {
  return connection.kind === 'remote' ? connection.url : sandboxUrl;
}
