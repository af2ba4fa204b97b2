import type { Member } from '@portiere/contracts';
import { createContext } from 'react';

export type PickedMember = Pick<Member, 'id' | 'username' | 'full_name'>;

/** Searches members as the user types (the first matches); a hook the app provides from the members area. */
export type UseMemberSearch = (search: string) => { members: PickedMember[]; isFetching: boolean };

const none: UseMemberSearch = () => ({ members: [], isFetching: false });

/**
 * Shared components do not import features: the app provides the members area's search here
 * (see app/providers.tsx), and the member picker uses it.
 */
export const MemberSearchContext = createContext<UseMemberSearch>(none);
