/**
 * Thirty members of one customer for paging, search, filters and exports: member00 to member29
 * (e-mail member<i>@acme.example), first names alternating Marco and Giulia, last names Verdi
 * for the first three and Rossi for the rest, every third in the given configuration group.
 */
import { expect } from 'vitest';
import { type Harness, post } from './harness.ts';

export async function createThirtyMembers(h: Harness, token: string, groupId: string | null = null): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const res = await post(
      h.app,
      'users/',
      {
        username: `member${String(i).padStart(2, '0')}`,
        first_name: i % 2 ? 'Giulia' : 'Marco',
        last_name: i < 3 ? 'Verdi' : 'Rossi',
        email: `member${i}@acme.example`,
        group_id: i % 3 === 0 ? groupId : null,
      },
      token,
    );
    expect(res.status).toBe(201);
  }
}
