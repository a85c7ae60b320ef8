import { randomUUID } from 'node:crypto';
import type { BulkMeta, BulkMetaPatch } from '../../../shared/schemas/bulk';
import { checkIdentities, sameFileKey } from './identity';
import { transition, type BulkItem } from './lifecycle';
import { line, profileFields, type ItemLine, type LoadResult, type ProfileFields, type StoredItem } from './store';

/** Above this many changed items in one event, the view is told "all" (it reads its window again). */
export const CHANGED_ALL_THRESHOLD = 500;

const sameFields = (a: ProfileFields, b: ProfileFields) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The items of the queue and what has changed since the store and the view last looked: the item
 * index (by id, in queue order, by file), the profiles (the fields every item but its title has, kept
 * once for the items that share them; `refs` counts an item's profile users), and the change journal.
 * `touch` marks; the queue's one commit step (`BulkQueue.commit`) tells the view and the store.
 */
export class ItemTable {
  private readonly items = new Map<string, BulkItem>();
  /** Queue order. */
  private order: string[] = [];
  private readonly byFile = new Map<string, string>();
  private readonly profiles = new Map<string, { fields: ProfileFields; refs: number }>();
  private readonly profileOf = new Map<string, string>();
  /** The profile new items take while its fields are still the defaults they get. */
  private defaultsProfile: string | null = null;
  /**
   * What the store writes next (see `changes`): items changed since its last write, items new since
   * then (in queue order), items removed, profiles changed, and the settings as last written.
   */
  private readonly dirty = new Set<string>();
  private fresh: string[] = [];
  private removedIds: string[] = [];
  private readonly dirtyProfiles = new Set<string>();
  private writtenSettings = '';
  /** What the view has not heard of yet. */
  private changed = new Set<string>();
  private changedAll = false;

  /** `settings` is the queue's settings line as it stands (running, concurrency). */
  constructor(private readonly settings: () => string) {}

  get size(): number {
    return this.order.length;
  }

  get(id: string): BulkItem | undefined {
    return this.items.get(id);
  }

  has(id: string): boolean {
    return this.items.has(id);
  }

  /** The id of the item queued for this file, if any. */
  idOfFile(file: BulkItem['file']): string | undefined {
    return this.byFile.get(sameFileKey(file));
  }

  /** The items in queue order, walked lazily (the scheduler stops as soon as it knows). */
  *ordered(): Generator<BulkItem> {
    for (const id of this.order) yield this.items.get(id)!;
  }

  /** Whether any item passes `test` (stops at the first). */
  some(test: (item: BulkItem) => boolean): boolean {
    for (const item of this.items.values()) if (test(item)) return true;
    return false;
  }

  /** The items the ids name, in that order ('all': the queue's order); ids not in the queue are left out. */
  pick(ids: readonly string[] | 'all'): BulkItem[] {
    if (ids === 'all') return this.order.map((id) => this.items.get(id)!);
    return ids.map((id) => this.items.get(id)).filter((i): i is BulkItem => !!i);
  }

  /** A window of the queue's order. */
  slice(offset: number, end: number): BulkItem[] {
    return this.pick(this.order.slice(offset, end));
  }

  /** Whether `a` was queued before `b`. */
  before(a: BulkItem, b: BulkItem): boolean {
    return this.order.indexOf(a.id) < this.order.indexOf(b.id);
  }

  /** The record ids items of this queue made (they are not duplicates of their own items). */
  recordIds(): Set<string> {
    return new Set(this.order.map((id) => this.items.get(id)!.recordId).filter((id): id is string => !!id));
  }

  // The index

  /** An item in the index (a restored one's profile is linked by `restoreProfiles`, a new one's by `adoptNew`). */
  insert(item: BulkItem): void {
    this.items.set(item.id, item);
    this.order.push(item.id);
    this.byFile.set(sameFileKey(item.file), item.id);
  }

  /** New items of an add (inserted): on the profile of the defaults, written as new lines. */
  adoptNew(added: readonly BulkItem[]): void {
    if (added.length === 0) return;
    const profile = this.profileForDefaults(profileFields(added[0]!.meta));
    for (const item of added) {
      this.linkProfile(item.id, profile);
      this.fresh.push(item.id);
    }
    this.touchMany(added);
  }

  /** The item's file was chosen again. */
  refile(item: BulkItem, before: BulkItem['file']): void {
    this.byFile.delete(sameFileKey(before));
    this.byFile.set(sameFileKey(item.file), item.id);
  }

  remove(targets: readonly BulkItem[]): void {
    for (const item of targets) {
      this.items.delete(item.id);
      this.dirty.delete(item.id);
      this.unlinkProfile(item.id);
      this.removedIds.push(item.id);
      this.byFile.delete(sameFileKey(item.file));
    }
    const gone = new Set(targets.map((t) => t.id));
    this.order = this.order.filter((id) => !gone.has(id));
    this.changedAll = true;
  }

  // The change journal

  /** A change of an item: the view hears of it and the store writes it again. */
  touch(item: BulkItem): void {
    this.dirty.add(item.id);
    this.changed.add(item.id);
  }

  touchMany(items: readonly BulkItem[]): void {
    for (const item of items) this.dirty.add(item.id);
    this.notifyMany(items);
  }

  /** Only the view hears of it (the store writes what `dirty` names). */
  notifyMany(items: readonly BulkItem[]): void {
    if (this.changedAll || items.length > CHANGED_ALL_THRESHOLD) this.changedAll = true;
    else for (const item of items) this.changed.add(item.id);
  }

  /** Only the view hears of it (upload progress: nothing to write). */
  notify(item: BulkItem): void {
    this.changed.add(item.id);
  }

  /** Only the store writes it again. */
  markDirty(item: BulkItem): void {
    this.dirty.add(item.id);
  }

  notifyAll(): void {
    this.changedAll = true;
  }

  /** What the view has not heard of, cleared: the changed ids, or 'all'. */
  takeChanged(): string[] | 'all' {
    const changed = this.changedAll || this.changed.size > CHANGED_ALL_THRESHOLD ? 'all' : [...this.changed];
    this.changed = new Set();
    this.changedAll = false;
    return changed;
  }

  // Profiles

  /**
   * The items of a queue file, restored (done stays done; an item that was uploading waits again and is
   * reconciled before it is sent; a file changed or gone since it was queued is marked
   * changed-or-missing). Returns the ids of the items whose probe is still to run.
   */
  async restore(queue: NonNullable<LoadResult['queue']>): Promise<string[]> {
    for (const [id, fields] of queue.profiles) this.profiles.set(id, { fields, refs: 0 });
    for (const [itemId, profileId] of queue.profileOf) this.linkProfile(itemId, profileId);
    this.writtenSettings = line.queue(queue.running, queue.concurrency);
    // Done and cancelled items need their files no more.
    const open = queue.items.filter((stored) => stored.state !== 'done' && stored.state !== 'cancelled');
    const results = await checkIdentities(open.map((stored) => stored.file));
    const checks = new Map(open.map((stored, i) => [stored, results[i]!]));
    const probes: string[] = [];
    for (const stored of queue.items) {
      const before = { ...stored, issues: {} };
      const item = transition(before, { type: 'restored', fileSame: (checks.get(stored) ?? 'same') === 'same' }, Date.now());
      if (item.probe === 'pending' && item.state !== 'done' && item.state !== 'cancelled') probes.push(item.id);
      this.insert(item);
      if (storedChanged(before, item)) this.dirty.add(item.id);
    }
    for (const [id, profile] of this.profiles) if (profile.refs === 0) this.profiles.delete(id);
    this.changedAll = true;
    return probes;
  }

  /**
   * New fields for the items (an edit): a profile all of whose items change is changed in place (one
   * line written, not one per item); otherwise the items that change move to a new profile. Returns
   * each group of items with its new fields and whether it moved (its items' lines are written again).
   */
  private patchFields(items: readonly BulkItem[], patch: Omit<BulkMetaPatch, 'title'>): { items: BulkItem[]; fields: ProfileFields; moved: boolean }[] {
    const groups = new Map<string, BulkItem[]>();
    for (const item of items) {
      const profile = this.profileOf.get(item.id)!;
      const group = groups.get(profile);
      if (group) group.push(item);
      else groups.set(profile, [item]);
    }
    const out: { items: BulkItem[]; fields: ProfileFields; moved: boolean }[] = [];
    for (const [profileId, group] of groups) {
      const profile = this.profiles.get(profileId)!;
      let target = profileId;
      if (Object.keys(patch).length > 0) {
        const fields = { ...profile.fields, ...patch } as ProfileFields;
        if (!sameFields(fields, profile.fields)) {
          if (group.length === profile.refs) {
            profile.fields = fields;
            this.dirtyProfiles.add(profileId);
          } else target = this.newProfile(fields);
        }
      }
      const moved = target !== profileId;
      if (moved) for (const item of group) this.linkProfile(item.id, target);
      out.push({ items: group, fields: this.profiles.get(target)!.fields, moved });
    }
    return out;
  }

  /**
   * An edit of the items' fields (`patchFields`) and titles, each item's change applied by `apply` (the
   * queue's lifecycle step). An item's line (title, profile, state) is written again only when one of
   * those changed; the view hears of every item. Returns the items retitled and whether a state changed.
   */
  edit(items: readonly BulkItem[], patch: Omit<BulkMetaPatch, 'title'>, title: string | undefined, apply: (item: BulkItem, meta: BulkMeta) => void): { retitled: BulkItem[]; stateChanged: boolean } {
    const retitled: BulkItem[] = [];
    let stateChanged = false;
    for (const group of this.patchFields(items, patch)) {
      for (const item of group.items) {
        const before = item.meta.title;
        const wasState = item.state;
        apply(item, { ...group.fields, title: title ?? before } as BulkMeta);
        if (item.meta.title !== before) retitled.push(item);
        if (group.moved || item.meta.title !== before || item.state !== wasState) this.dirty.add(item.id);
        stateChanged ||= item.state !== wasState;
      }
      this.notifyMany(group.items);
    }
    return { retitled, stateChanged };
  }

  private newProfile(fields: ProfileFields): string {
    const id = randomUUID();
    this.profiles.set(id, { fields, refs: 0 });
    this.dirtyProfiles.add(id);
    return id;
  }

  /** The profile new items take: the last one made for new items while its fields are still theirs. */
  private profileForDefaults(fields: ProfileFields): string {
    const current = this.defaultsProfile ? this.profiles.get(this.defaultsProfile) : undefined;
    if (current && sameFields(current.fields, fields)) return this.defaultsProfile!;
    this.defaultsProfile = this.newProfile(fields);
    return this.defaultsProfile;
  }

  private linkProfile(itemId: string, profileId: string): void {
    this.unlinkProfile(itemId);
    this.profileOf.set(itemId, profileId);
    this.profiles.get(profileId)!.refs += 1;
  }

  /** An item leaves its profile; a profile no item uses any more is dropped (not written again). */
  private unlinkProfile(itemId: string): void {
    const old = this.profileOf.get(itemId);
    if (old === undefined) return;
    this.profileOf.delete(itemId);
    const profile = this.profiles.get(old)!;
    profile.refs -= 1;
    if (profile.refs === 0) {
      this.profiles.delete(old);
      this.dirtyProfiles.delete(old);
      if (this.defaultsProfile === old) this.defaultsProfile = null;
    }
  }

  // The store's lines

  private lineOf(item: BulkItem): ItemLine {
    const { issues: _issues, meta, ...rest } = item;
    void _issues;
    return { ...rest, title: meta.title, profile: this.profileOf.get(item.id)! };
  }

  /**
   * The lines of what changed since the store last asked: the settings if they changed, changed
   * profiles (before the items that name them), removals, new items in queue order, changed items. A
   * write during uploads is the one or two items that changed; an edit of every item, one profile.
   */
  changes(): string[] {
    const out: string[] = [];
    const settings = this.settings();
    if (settings !== this.writtenSettings) out.push(settings);
    this.writtenSettings = settings;
    for (const id of this.dirtyProfiles) out.push(line.profile({ id, ...this.profiles.get(id)!.fields }));
    this.dirtyProfiles.clear();
    if (this.removedIds.length > 0) out.push(line.removed(this.removedIds));
    this.removedIds = [];
    for (const id of this.fresh) {
      const item = this.items.get(id);
      if (!item) continue;
      this.dirty.delete(id);
      out.push(line.item(this.lineOf(item)));
    }
    this.fresh = [];
    for (const id of this.dirty) out.push(line.item(this.lineOf(this.items.get(id)!)));
    this.dirty.clear();
    return out;
  }

  /**
   * The lines of the whole queue, made at once (not while the file is written: an item changed
   * meanwhile could name a profile already written past), which also clears what `changes` would give.
   */
  everything(): string[] {
    this.dirty.clear();
    this.fresh = [];
    this.removedIds = [];
    this.dirtyProfiles.clear();
    this.writtenSettings = this.settings();
    const out = [this.writtenSettings];
    for (const [id, { fields }] of this.profiles) out.push(line.profile({ id, ...fields }));
    for (const id of this.order) out.push(line.item(this.lineOf(this.items.get(id)!)));
    return out;
  }

  /** The items as they would be stored if serialised now. */
  stored(): StoredItem[] {
    return this.order.map((id) => {
      const { issues: _issues, ...stored } = this.items.get(id)!;
      void _issues;
      return stored;
    });
  }
}

/** Whether a change of an item reached what its line holds (everything but its checks and its fields). */
function storedChanged(before: BulkItem, after: BulkItem): boolean {
  for (const key of Object.keys(after) as (keyof BulkItem)[]) {
    if (key !== 'issues' && key !== 'meta' && before[key] !== after[key]) return true;
  }
  return before.meta.title !== after.meta.title;
}
