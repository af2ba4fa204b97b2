/**
 * "Ask for a new link": a member whose link has expired or was spent asks the customer's manager
 * users (its staff users with a mail address) to send a new one. At most one mail a day per
 * member; the caller learns nothing either way (the route always answers 202).
 */
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { auditDetails, auditMemberActor, auditTarget } from '../../audit/context.ts';
import type { SigningKeys } from '../../auth/keys.ts';
import type { Db } from '../../db/client.ts';
import { enrollmentLinks, staffUsers } from '../../db/schema/index.ts';
import type { MailQueue } from '../../mail/queue.ts';
import { composeMail } from '../../mail/templates.ts';
import { linkMember, linkState, readClaims, recordedLink } from './link.ts';

const REQUEST_INTERVAL_MS = 24 * 3_600_000;

/** To the managers, in English like the other staff mails. */
const LINK_REQUEST_MAIL = {
  subject: 'New enrolment link requested for {username}',
  content:
    'Hello,\n\n{member} ({username}) opened an enrolment link that {state} and asks for a new one.\n\n' +
    'Send it with "Send enrollment email" on the member\'s page: {member_page}\n',
};

export class LinkRequests {
  constructor(
    private readonly db: Db,
    private readonly keys: SigningKeys,
    private readonly mail: MailQueue,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async request(token: string): Promise<void> {
    const claims = await readClaims(this.keys, token);
    const link = claims ? await recordedLink(this.db, claims) : null;
    if (!link) return;
    const now = this.now();
    const state = linkState(link, now);
    // An open link needs no new one.
    if (!state) return;
    const member = await linkMember(this.db, link);
    if (!member || member.blocked) return;
    // The member's links are locked while deciding, so two requests at once mail once.
    const links = await this.db
      .select({ last: enrollmentLinks.lastLinkRequestAt })
      .from(enrollmentLinks)
      .where(eq(enrollmentLinks.memberId, member.id))
      .for('update');
    if (links.some((l) => l.last && now.getTime() - l.last.getTime() < REQUEST_INTERVAL_MS)) return;
    const managers = await this.db
      .select({ email: staffUsers.email })
      .from(staffUsers)
      .where(
        and(
          eq(staffUsers.customerId, link.customerId),
          isNotNull(staffUsers.email),
          ne(staffUsers.email, ''),
          isNull(staffUsers.blockedAt),
        ),
      );
    const name = `${member.firstName} ${member.lastName}`.trim() || member.username;
    const mail = composeMail(LINK_REQUEST_MAIL, {
      member: name,
      username: member.username,
      state: state === 'enrollmentLinkUsed' ? 'was already used' : 'has expired',
      member_page: { link: `${this.publicUrl}/users/${member.id}` },
    });
    const recipients = managers.map((m) => m.email ?? '');
    // Nobody to tell: nothing recorded, so the member may ask again.
    if (!recipients.length) return;
    // Queued with the request's record: each manager's mail goes once it commits.
    await this.mail.enqueue(
      'link_request',
      recipients.map((to) => ({ to, ...mail })),
    );
    await this.db.update(enrollmentLinks).set({ lastLinkRequestAt: now }).where(eq(enrollmentLinks.jti, link.jti));
    auditMemberActor(member.customerId, member.id, member.username);
    auditTarget(member.id, member.username);
    auditDetails({ link: state === 'enrollmentLinkUsed' ? 'used' : 'expired', managers: recipients.length });
  }
}
