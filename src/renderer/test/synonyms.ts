/**
 * The synonym groups the kit's tests list, and adding one through the Add Synonym dialog as a person
 * would (the list screen's and the resource's tests drive the same form).
 */
import { expect } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { SynonymGroup } from '../../shared/schemas/synonyms';

export const GROUPS: SynonymGroup[] = [
  { _id: 's1', keyword: 'Milk', synonyms: ['doodh', 'paal'], updatedAt: '2026-11-20T10:00:00.000Z' },
  { _id: 's2', keyword: 'Water', synonyms: ['paani'], updatedAt: '2026-11-21T10:00:00.000Z' },
];

/** Opens Add Synonym, types a group and one synonym, adds it and waits for the dialog to close. */
export async function addSynonym(user: UserEvent, keyword: string, synonym: string): Promise<void> {
  await user.click(screen.getByRole('button', { name: 'Add Synonym' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Synonym' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Group' }), keyword);
  await user.type(within(dialog).getByRole('textbox', { name: 'Synonyms' }), synonym);
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Synonym' })).toBeNull());
}
