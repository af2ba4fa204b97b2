/** The member's tags in the mail templates ({username}, {first_name}, ...). */
import type { MemberRow } from './mapper.ts';

export function memberTags(row: MemberRow, domain: string) {
  return {
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    extra_info: row.extraInfo,
    domain,
  };
}
